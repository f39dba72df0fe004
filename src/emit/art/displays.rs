//! stub
use super::Picture;
use crate::model::Game;
pub fn render_all(_g: &Game) -> Vec<Picture> {
    vec![]
}
