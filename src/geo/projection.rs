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

/// A pin: a point `(lat, lon)` in degrees and where it lands, `(x, y)` in kilometres.
pub type Pin = ((f64, f64), (f64, f64));

/// A projection bent so that pinned points land where a printed map puts them.
///
/// A printed strategic map is rarely a true projection: its artist stretched the Levant or
/// squeezed the Atlantic to fit the sheet, and the rules cite hex numbers of that drawing
/// (`1809` Brussels, `2222` Malta). `[[map.geography.pin]]` gives such points; the map is
/// then laid through a thin-plate spline from the projection's kilometres to the grid's,
/// which moves each pin exactly onto its hex centre, bends the plane as little as possible
/// between pins and is a plain affine map far from them. Without pins it is the projection.
#[derive(Debug, Clone, PartialEq)]
pub struct Pinned {
    base: Projection,
    warp: Option<Warp>,
}

impl From<Projection> for Pinned {
    fn from(base: Projection) -> Self {
        Self { base, warp: None }
    }
}

impl Pinned {
    /// `base` bent so that each `(lat, lon)` of `pins` lands on its `(x, y)` in kilometres;
    /// `None` when the pins do not fix a bending (fewer than three, or all on one line).
    pub fn new(base: Projection, pins: &[Pin]) -> Option<Self> {
        let from: Vec<(f64, f64)> = pins
            .iter()
            .map(|((la, lo), _)| base.project(*la, *lo))
            .collect();
        let to: Vec<(f64, f64)> = pins.iter().map(|(_, to)| *to).collect();
        let warp = Warp::fit(&from, &to)?;
        Some(Self {
            base,
            warp: Some(warp),
        })
    }

    /// `(x east, y north)` in kilometres of a point `(lat, lon)` in degrees.
    pub fn project(&self, lat: f64, lon: f64) -> (f64, f64) {
        let p = self.base.project(lat, lon);
        match &self.warp {
            Some(w) => w.apply(p),
            None => p,
        }
    }

    /// The point `(lat, lon)` in degrees at `(x, y)` kilometres.
    pub fn unproject(&self, x: f64, y: f64) -> (f64, f64) {
        match &self.warp {
            Some(w) => {
                let (bx, by) = w.invert((x, y));
                self.base.unproject(bx, by)
            }
            None => self.base.unproject(x, y),
        }
    }
}

/// A thin-plate spline of the plane: `f(p) = a + A p + Σ wᵢ U(|p − pᵢ|)`, `U(r) = r² ln r`,
/// in units of 1,000 km so that the system stays well conditioned at a continent's size.
#[derive(Debug, Clone, PartialEq)]
struct Warp {
    centres: Vec<(f64, f64)>,
    weights: Vec<(f64, f64)>,
    /// `[a, ax, ay]` for x and for y.
    affine: [[f64; 3]; 2],
}

const WARP_UNIT_KM: f64 = 1000.0;

fn kernel(r2: f64) -> f64 {
    if r2 <= 0.0 {
        0.0
    } else {
        0.5 * r2 * r2.ln()
    }
}

impl Warp {
    fn fit(from: &[(f64, f64)], to: &[(f64, f64)]) -> Option<Self> {
        let n = from.len();
        if n < 3 || n != to.len() {
            return None;
        }
        let scale = |(x, y): (f64, f64)| (x / WARP_UNIT_KM, y / WARP_UNIT_KM);
        let centres: Vec<(f64, f64)> = from.iter().copied().map(scale).collect();
        let targets: Vec<(f64, f64)> = to.iter().copied().map(scale).collect();
        // The (n + 3)² system [K P; Pᵀ 0] [w; a] = [t; 0], solved for x and y at once.
        let m = n + 3;
        let mut a = vec![vec![0.0; m + 2]; m];
        for i in 0..n {
            for j in 0..n {
                let (dx, dy) = (centres[i].0 - centres[j].0, centres[i].1 - centres[j].1);
                a[i][j] = kernel(dx * dx + dy * dy);
            }
            let row = [1.0, centres[i].0, centres[i].1];
            for (k, v) in row.iter().enumerate() {
                a[i][n + k] = *v;
                a[n + k][i] = *v;
            }
            a[i][m] = targets[i].0;
            a[i][m + 1] = targets[i].1;
        }
        let solved = solve(a, 2)?;
        let weights = (0..n).map(|i| (solved[i][0], solved[i][1])).collect();
        let affine = [
            [solved[n][0], solved[n + 1][0], solved[n + 2][0]],
            [solved[n][1], solved[n + 1][1], solved[n + 2][1]],
        ];
        Some(Self {
            centres,
            weights,
            affine,
        })
    }

    fn apply(&self, (x, y): (f64, f64)) -> (f64, f64) {
        let (x, y) = (x / WARP_UNIT_KM, y / WARP_UNIT_KM);
        let [ax, ay] = self.affine;
        let (mut u, mut v) = (ax[0] + ax[1] * x + ax[2] * y, ay[0] + ay[1] * x + ay[2] * y);
        for (c, w) in self.centres.iter().zip(&self.weights) {
            let k = kernel((x - c.0).powi(2) + (y - c.1).powi(2));
            u += w.0 * k;
            v += w.1 * k;
        }
        (u * WARP_UNIT_KM, v * WARP_UNIT_KM)
    }

    /// The point the warp takes to `target`, by Newton's method from the affine part's
    /// inverse (the bending is smooth and small beside the affine map).
    fn invert(&self, target: (f64, f64)) -> (f64, f64) {
        let [ax, ay] = self.affine;
        let det = ax[1] * ay[2] - ax[2] * ay[1];
        let (tx, ty) = (target.0 / WARP_UNIT_KM, target.1 / WARP_UNIT_KM);
        let mut p = if det.abs() > 1e-12 {
            let (bx, by) = (tx - ax[0], ty - ay[0]);
            (
                (ay[2] * bx - ax[2] * by) / det * WARP_UNIT_KM,
                (ax[1] * by - ay[1] * bx) / det * WARP_UNIT_KM,
            )
        } else {
            target
        };
        let h = 1.0; // km, for the numerical Jacobian
        for _ in 0..20 {
            let f = self.apply(p);
            let (ex, ey) = (f.0 - target.0, f.1 - target.1);
            if ex.hypot(ey) < 1e-6 {
                break;
            }
            let fx = self.apply((p.0 + h, p.1));
            let fy = self.apply((p.0, p.1 + h));
            let (j11, j21) = ((fx.0 - f.0) / h, (fx.1 - f.1) / h);
            let (j12, j22) = ((fy.0 - f.0) / h, (fy.1 - f.1) / h);
            let d = j11 * j22 - j12 * j21;
            if d.abs() < 1e-12 {
                break;
            }
            p.0 -= (j22 * ex - j12 * ey) / d;
            p.1 -= (j11 * ey - j21 * ex) / d;
        }
        p
    }
}

/// Gaussian elimination with partial pivoting of `rows` (each `m` coefficients followed by
/// `k` right-hand sides); the `m × k` solution, or `None` when the system is singular. The
/// systems here are a dozen unknowns, too small to justify a linear-algebra crate.
fn solve(mut rows: Vec<Vec<f64>>, k: usize) -> Option<Vec<Vec<f64>>> {
    let m = rows.len();
    for col in 0..m {
        let pivot = (col..m).max_by(|&a, &b| rows[a][col].abs().total_cmp(&rows[b][col].abs()))?;
        if rows[pivot][col].abs() < 1e-12 {
            return None;
        }
        rows.swap(col, pivot);
        let pivot_row = rows[col].clone();
        for (r, row) in rows.iter_mut().enumerate() {
            let f = row[col] / pivot_row[col];
            if r != col && f != 0.0 {
                for (v, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                    *v -= f * p;
                }
            }
        }
    }
    Some(
        (0..m)
            .map(|r| (0..k).map(|c| rows[r][m + c] / rows[r][r]).collect())
            .collect(),
    )
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

    #[test]
    fn pins_land_on_their_points_and_back() {
        let base = Projection::lambert(35.0, 55.0, 45.0, 20.0).expect("a cone");
        // Brussels, Malta, Cyprus, the Balearics, Haifa: pulled about as a printed map would.
        let pins = [
            ((50.85, 4.35), (-900.0, 600.0)),
            ((35.9, 14.45), (-450.0, -960.0)),
            ((35.1, 33.4), (400.0, -1080.0)),
            ((39.6, 2.9), (-1300.0, -600.0)),
            ((32.8, 35.0), (1300.0, -1300.0)),
        ];
        let p = Pinned::new(base, &pins).expect("pins fix a warp");
        for ((lat, lon), (x, y)) in pins {
            let (px, py) = p.project(lat, lon);
            assert!((px - x).abs() < 1e-6 && (py - y).abs() < 1e-6, "{px},{py}");
        }
        for (lat, lon) in [(48.0, 10.0), (41.0, 28.0), (30.0, 31.0), (55.0, 37.0)] {
            let (x, y) = p.project(lat, lon);
            let (la, lo) = p.unproject(x, y);
            assert!(
                (la - lat).abs() < 1e-6 && (lo - lon).abs() < 1e-6,
                "{la},{lo}"
            );
        }
    }

    #[test]
    fn a_strongly_bent_map_still_inverts() {
        // The Great European War's pins: Europe squeezed to two thirds, Cyprus stretched.
        let base = Projection::lambert(35.0, 55.0, 45.0, 20.0).expect("a cone");
        let centre = |c: i32, r: i32| {
            let x = f64::from(c) * 120.0 * 3f64.sqrt() / 2.0;
            let y = -(f64::from(r) * 120.0 + if c % 2 == 0 { 60.0 } else { 0.0 });
            (x, y)
        };
        let anchor = base.project(50.85, 4.35);
        let (ax, ay) = centre(18, 9);
        let shift = |(x, y): (f64, f64)| (x - ax + anchor.0, y - ay + anchor.1);
        let pins = [
            ((50.85, 4.35), anchor),
            ((35.9, 14.45), shift(centre(22, 22))),
            ((34.95, 32.75), shift(centre(30, 23))),
            ((35.2, 33.9), shift(centre(31, 23))),
            ((39.6, 2.95), shift(centre(14, 19))),
        ];
        let p = Pinned::new(base, &pins).expect("pins fix a warp");
        for (lat, lon) in [
            (35.17, 33.36),
            (35.3, 34.5),
            (36.0, 36.0),
            (31.0, 31.0),
            (40.4, 49.9),
            (60.0, 30.0),
        ] {
            let (x, y) = p.project(lat, lon);
            let (la, lo) = p.unproject(x, y);
            assert!(
                (la - lat).abs() < 1e-6 && (lo - lon).abs() < 1e-6,
                "{lat},{lon} -> {la},{lo}"
            );
        }
    }

    #[test]
    fn pins_on_one_line_fix_no_warp() {
        let base = Projection::Equirectangular {
            lat0: 40.0,
            lon0: 0.0,
        };
        let pins = [
            ((40.0, 0.0), (0.0, 0.0)),
            ((41.0, 0.0), (0.0, 100.0)),
            ((42.0, 0.0), (0.0, 200.0)),
        ];
        assert!(Pinned::new(base, &pins).is_none());
    }

    #[test]
    fn pins_that_agree_with_the_projection_change_nothing() {
        let base = Projection::lambert(47.0, 57.0, 52.0, 32.0).expect("a cone");
        let pins: Vec<_> = [(52.5, 13.4), (55.75, 37.6), (46.5, 30.7), (60.0, 30.3)]
            .into_iter()
            .map(|(la, lo)| ((la, lo), base.project(la, lo)))
            .collect();
        let p = Pinned::new(base, &pins).expect("pins fix a warp");
        let (x, y) = p.project(50.0, 25.0);
        let (bx, by) = base.project(50.0, 25.0);
        assert!((x - bx).abs() < 1e-6 && (y - by).abs() < 1e-6);
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
