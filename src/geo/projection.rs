//! Map projections: latitude and longitude to kilometres east and north of the projection's
//! centre, on a sphere of the Earth's mean radius.

/// Mean radius of the Earth, in kilometres.
pub const EARTH_RADIUS_KM: f64 = 6371.0;

/// A projection, ready to use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Projection {
    /// Lambert conformal conic with two standard parallels (the usual choice for a
    /// mid-latitude theatre wider than it is tall).
    LambertConformalConic {
        /// The cone constant.
        n: f64,
        /// The scale constant.
        f: f64,
        /// Radius at the centre's latitude.
        rho0: f64,
        /// Central meridian, in degrees.
        lon0: f64,
    },
    /// Equirectangular: distances true along the meridians and along the centre's parallel.
    Equirectangular {
        /// Latitude of true scale, in degrees.
        lat0: f64,
        /// Central meridian, in degrees.
        lon0: f64,
    },
}

impl Projection {
    /// Lambert conformal conic with standard parallels `lat1`, `lat2` and origin
    /// (`lat0`, `lon0`); `None` when the parallels give no cone (equal and on the equator,
    /// or symmetric about it) or lie at a pole.
    pub fn lambert(lat1: f64, lat2: f64, lat0: f64, lon0: f64) -> Option<Self> {
        let (p1, p2) = (lat1.to_radians(), lat2.to_radians());
        let t = |p: f64| (std::f64::consts::FRAC_PI_4 + p / 2.0).tan();
        let n = if (lat1 - lat2).abs() < 1e-9 {
            p1.sin()
        } else {
            (p1.cos() / p2.cos()).ln() / (t(p2) / t(p1)).ln()
        };
        if !n.is_finite() || n.abs() < 1e-9 {
            return None;
        }
        let f = p1.cos() * t(p1).powf(n) / n;
        let rho0 = EARTH_RADIUS_KM * f / t(lat0.to_radians()).powf(n);
        (f.is_finite() && rho0.is_finite()).then_some(Self::LambertConformalConic {
            n,
            f,
            rho0,
            lon0,
        })
    }

    /// `(x east, y north)` in kilometres of a point `(lat, lon)` in degrees.
    pub fn project(&self, lat: f64, lon: f64) -> (f64, f64) {
        match *self {
            Self::LambertConformalConic { n, f, rho0, lon0 } => {
                let t = (std::f64::consts::FRAC_PI_4 + lat.to_radians() / 2.0).tan();
                let rho = EARTH_RADIUS_KM * f / t.powf(n);
                let theta = n * (lon - lon0).to_radians();
                (rho * theta.sin(), rho0 - rho * theta.cos())
            }
            Self::Equirectangular { lat0, lon0 } => (
                EARTH_RADIUS_KM * (lon - lon0).to_radians() * lat0.to_radians().cos(),
                EARTH_RADIUS_KM * (lat - lat0).to_radians(),
            ),
        }
    }

    /// The point `(lat, lon)` in degrees at `(x, y)` kilometres.
    pub fn unproject(&self, x: f64, y: f64) -> (f64, f64) {
        match *self {
            Self::LambertConformalConic { n, f, rho0, lon0 } => {
                let yy = rho0 - y;
                let rho = x.hypot(yy).copysign(n);
                let theta = x.atan2(yy);
                let lat = 2.0 * (EARTH_RADIUS_KM * f / rho).powf(1.0 / n).atan()
                    - std::f64::consts::FRAC_PI_2;
                (lat.to_degrees(), lon0 + (theta / n).to_degrees())
            }
            Self::Equirectangular { lat0, lon0 } => (
                lat0 + (y / EARTH_RADIUS_KM).to_degrees(),
                lon0 + (x / (EARTH_RADIUS_KM * lat0.to_radians().cos())).to_degrees(),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn lambert_matches_the_great_patriotic_war_generator() {
        // The value the Great Patriotic War's former Python generator computed: parallels
        // 47N/57N, centre 52N 32E; Berlin's x there.
        let p = Projection::lambert(47.0, 57.0, 52.0, 32.0).expect("a cone");
        let (x, y) = p.project(52.0, 32.0);
        assert!(x.abs() < 1e-9 && y.abs() < 1e-9);
        let (x, _) = p.project(52.52, 13.40);
        assert!((x - -1240.058).abs() < 1e-3, "{x}");
    }

    #[test]
    fn a_degree_of_latitude_is_about_111_km() {
        let p = Projection::Equirectangular {
            lat0: 45.0,
            lon0: 0.0,
        };
        let (_, y) = p.project(46.0, 0.0);
        assert!((y - 111.19).abs() < 0.01, "{y}");
    }

    #[test]
    fn degenerate_cones_are_refused() {
        assert!(Projection::lambert(0.0, 0.0, 0.0, 0.0).is_none());
        assert!(Projection::lambert(-30.0, 30.0, 0.0, 0.0).is_none());
    }

    proptest! {
        #[test]
        fn projecting_and_back_is_the_identity(lat in -70.0f64..75.0, lon in -60.0f64..100.0) {
            for p in [
                Projection::lambert(47.0, 57.0, 52.0, 32.0).expect("a cone"),
                Projection::Equirectangular { lat0: 40.0, lon0: 20.0 },
            ] {
                let (x, y) = p.project(lat, lon);
                let (la, lo) = p.unproject(x, y);
                prop_assert!((la - lat).abs() < 1e-6 && (lo - lon).abs() < 1e-6);
            }
        }
    }
}
