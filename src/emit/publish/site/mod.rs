//! The published rules as a static website: a title page with the contents, one page per
//! chapter, the whole book on one page for printing, the stylesheet, and the pictures the
//! pages show — all held in memory as (path, bytes), sorted, so the same game gives the same
//! bytes. Pages are filled from minijinja templates (`templates/`), which escape every value
//! but the HTML the Markdown renderer and the material produce.
//!
//! This file lays the pages out ([`build`]). The contents and the sidebar's links are in
//! `contents.rs`; the maps of the booklet, in parts or on fold-out pages, in
//! `booklet_maps.rs`; what the printed page adds (running heads, the sharpest pictures) in
//! `print.rs`; the pictures drawn and measured in `pictures.rs`; the search's index in
//! `search.rs`; and the book of a game without rules prose in `game_data.rs`.

mod booklet_maps;
mod contents;
mod game_data;
mod pictures;
mod print;
mod search;

use std::collections::{BTreeMap, BTreeSet};

use minijinja::value::Serde;
use minijinja::{context, Environment, Value};
use serde::Serialize;

use crate::model::rulebook::Rulebook;
use crate::model::Game;

use super::markdown::{chapter_html, Target};
use super::material::{Picture, Pictures};
use super::PublishError;

use booklet_maps::{after_figures_of, fold_out, fold_out_css, map_parts};
use contents::{chapter_links, ChapterLink};
use game_data::reference_book;
use pictures::{draw, picture_size, sized_images};
use print::{chapter_page, print_css, sharpest_sources};
use search::search_index;

const PAGE: &str = include_str!("../templates/page.html");
const TITLE: &str = include_str!("../templates/title.html");
const STYLE: &str = include_str!("../templates/style.css");
const SEARCH: &str = include_str!("../templates/search.html");
const TOC: &str = include_str!("../templates/toc.html");
const SEARCH_SCRIPT: &str = include_str!("../templates/search.js");

/// The site's files: path relative to the output folder → bytes.
pub type Files = BTreeMap<String, Vec<u8>>;

#[derive(Serialize)]
struct GameInfo {
    title: String,
    version: String,
    designers: String,
}

/// The rulebook a site is made of: the game's own, or, for a game without `rules/`, one
/// chapter of every piece of generated material.
pub fn book_of(game: &Game) -> Rulebook {
    if game.rulebook.is_empty() {
        reference_book(game)
    } else {
        game.rulebook.clone()
    }
}

/// Every file of the site. `pdf` says whether the pages link a `rules.pdf`; `booklet` sets
/// the whole book's page (printed): its columns, and whether its maps fold out.
pub fn build(game: &Game, pdf: bool, booklet: super::Booklet) -> Result<Files, PublishError> {
    let columns = booklet.columns;
    let book = book_of(game);
    let mut env = Environment::new();
    env.add_template("page.html", PAGE)?;
    env.add_template("title.html", TITLE)?;
    env.add_template("search.html", SEARCH)?;
    env.add_template("toc.html", TOC)?;
    let info = GameInfo {
        title: game.title.clone(),
        version: game.version.clone(),
        designers: game.designers.join(", "),
    };
    // The description is Markdown too (the module shows it as plain text); raw HTML in it
    // is shown as written.
    let description = super::markdown::data_html(game.description.trim());
    let links = |target: Target| chapter_links(&book, target);
    let page_links = links(Target::Pages);
    let mut pictures = Pictures::default();
    let mut files = Files::new();
    let page = env.get_template("page.html")?;
    let title = env.get_template("title.html")?;
    let toc = env.get_template("toc.html")?;
    let render_page = |kind: &str,
                       page_title: &str,
                       current: &str,
                       content: String,
                       prev: Option<&ChapterLink>,
                       next: Option<&ChapterLink>,
                       print_css: String|
     -> Result<Vec<u8>, PublishError> {
        let contents = toc.render(context! {
            chapters => Value::from(Serde(&page_links)),
            current,
        })?;
        let html = page.render(context! {
            toc => Value::from_safe_string(contents),
            print_css => Value::from_safe_string(print_css),
            version => env!("CARGO_PKG_VERSION"),
            game => Value::from(Serde(&info)),
            kind,
            page_title,
            current,
            chapters => Value::from(Serde(&page_links)),
            content => Value::from_safe_string(content),
            prev => prev.map(|x| Value::from(Serde(x))),
            next => next.map(|x| Value::from(Serde(x))),
            pdf,
            two_columns => columns == super::Columns::Two,
        })?;
        Ok(html.into_bytes())
    };
    // The title page.
    let front = title.render(context! {
        game => Value::from(Serde(&info)),
        description => Value::from_safe_string(description.clone()),
        chapters => Value::from(Serde(&page_links)),
        paged => false,
    })?;
    files.insert(
        "index.html".into(),
        render_page(
            "index",
            &game.title,
            "",
            front,
            None,
            page_links.first(),
            String::new(),
        )?,
    );
    // A page per chapter.
    for (i, ch) in book.chapters.iter().enumerate() {
        let mut taken = BTreeSet::new();
        let body = chapter_html(game, &book, i, Target::Pages, &mut pictures, &mut taken);
        let prev = i.checked_sub(1).and_then(|p| page_links.get(p));
        files.insert(
            format!("{}.html", ch.slug),
            render_page(
                "chapter",
                &format!("{} — {}", ch.title, game.title),
                &ch.slug,
                body,
                prev,
                page_links.get(i + 1),
                String::new(),
            )?,
        );
    }
    // The whole book on one page.
    let one_links = links(Target::OnePage);
    let mut all = title.render(context! {
        game => Value::from(Serde(&info)),
        description => Value::from_safe_string(description),
        chapters => Value::from(Serde(&one_links)),
        // Slots for the page numbers the PDF's printing writes in (`pdf::print_book`).
        paged => pdf,
    })?;
    let mut taken = BTreeSet::new();
    for (i, ch) in book.chapters.iter().enumerate() {
        all += &format!(
            "<section class=\"chapter\" id=\"chapter-{}\" style=\"page: {}\">\n",
            quick_xml::escape::escape(&ch.slug),
            chapter_page(i)
        );
        all += &chapter_html(game, &book, i, Target::OnePage, &mut pictures, &mut taken);
        all += "</section>\n";
    }
    // The hex maps in parts at print scale, after each picture of the whole map.
    let maps: Vec<(String, usize)> = pictures
        .wanted
        .iter()
        .filter_map(|(name, p)| match p {
            Picture::Map(m) => Some((name.clone(), *m)),
            _ => None,
        })
        .collect();
    // Or, asked for, each map whole on a fold-out page of its own size.
    let mut folded = Vec::new();
    for (name, m) in maps {
        let whole = if booklet.fold_out {
            fold_out(game, m, &name)
        } else {
            None
        };
        if let Some(whole) = whole {
            all = after_figures_of(&all, &name, &whole);
            folded.push(m);
        } else if let Some(parts) = map_parts(game, m, &mut pictures) {
            all = after_figures_of(&all, &name, &parts);
        }
    }
    files.insert(
        "print.html".into(),
        render_page(
            "print",
            &game.title,
            "",
            all,
            None,
            None,
            print_css(&game.title, &book) + &fold_out_css(game, &folded),
        )?,
    );
    files.insert("style.css".into(), STYLE.as_bytes().to_vec());
    // The search: a page that works without JavaScript (it lists every section), its
    // script, and the index the script reads.
    let search = env.get_template("search.html")?.render(context! {
        chapters => Value::from(Serde(&page_links)),
    })?;
    files.insert(
        "search.html".into(),
        render_page(
            "search",
            &format!("Search — {}", game.title),
            "",
            search,
            None,
            None,
            String::new(),
        )?,
    );
    files.insert("search.js".into(), SEARCH_SCRIPT.as_bytes().to_vec());
    files.insert("search-index.js".into(), search_index(&book));
    // Every picture's size on the <img> that shows it, so the page does not jump as the
    // pictures load.
    let mut sizes = BTreeMap::new();
    for (name, bytes) in draw(game, &pictures)? {
        if let Some(size) = picture_size(&bytes) {
            sizes.insert(name.clone(), size);
        }
        files.insert(name, bytes);
    }
    for (name, bytes) in files.iter_mut() {
        if name.ends_with(".html") {
            let html = String::from_utf8_lossy(bytes);
            let mut html = sized_images(&html, &sizes);
            if name == "print.html" {
                html = sharpest_sources(&html);
            }
            *bytes = html.into_bytes();
        }
    }
    Ok(files)
}
