//! The manual as pages of the designer's book: one Markdown page per command (its summary,
//! synopsis, arguments and options, then its guide: what it does, examples, exit codes and
//! the shape of its JSON), and an index of every command, all read from the same clap
//! declarations `--help` and the roff pages show.
//!
//! A command's guide is its `after_long_help` text, written once in the command's own file
//! so that `--help` shows it too, in a small convention that reads well in a terminal and
//! converts to Markdown line by line: a line ending in `:` at the margin is a heading
//! (`Examples:`), lines indented by two spaces are a code block, every other line is Markdown
//! as it stands.

use std::fmt::Write as _;

/// Every page, by file name: `README.md` (the index) first, then one per command in declared
/// order. `root` is the built command tree.
pub(super) fn pages(root: &clap::Command) -> Vec<(String, String)> {
    let name = root.get_name();
    let commands: Vec<&clap::Command> = root
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
        .collect();
    let mut index = String::from("# Commands\n\n");
    if let Some(about) = root.get_about() {
        let _ = writeln!(index, "`{name}`: {}\n", sentence(&about.to_string()));
    }
    for c in &commands {
        let _ = writeln!(
            index,
            "- [`{name} {}`]({}.md): {}",
            c.get_name(),
            c.get_name(),
            summary(c)
        );
    }
    if let Some(guide) = root.get_after_long_help() {
        index.push('\n');
        index.push_str(&guide_markdown(&guide.to_string(), 2));
    }
    let mut out = vec![("README.md".to_string(), finish(index))];
    for c in commands {
        let mut page = String::new();
        command_page(name, c, 1, &mut page);
        out.push((format!("{}.md", c.get_name()), finish(page)));
    }
    out
}

/// The page (or, for a sub-command's own sub-commands, the section) of one command, its
/// headings at `level`.
fn command_page(parent: &str, cmd: &clap::Command, level: usize, out: &mut String) {
    let full = format!("{parent} {}", cmd.get_name());
    let h = "#".repeat(level);
    let _ = writeln!(out, "{h} {full}\n");
    let about = cmd
        .get_long_about()
        .or(cmd.get_about())
        .map(|a| a.to_string())
        .unwrap_or_default();
    if !about.is_empty() {
        let _ = writeln!(out, "{}\n", sentence(&about));
    }
    let guide = cmd
        .get_after_long_help()
        .map(|g| g.to_string())
        .unwrap_or_default();
    let (intro, sections) = split_guide(&guide);
    if !intro.trim().is_empty() {
        out.push_str(&guide_markdown(intro, level + 1));
        out.push('\n');
    }
    let usage = cmd.clone().render_usage().to_string();
    let usage = usage.trim().trim_start_matches("Usage:").trim();
    let _ = writeln!(out, "{h}# Synopsis\n\n```text\n{usage}\n```\n");
    let args: Vec<&clap::Arg> = cmd
        .get_arguments()
        .filter(|a| !a.is_hide_set() && !matches!(a.get_id().as_str(), "help" | "version"))
        .collect();
    let positionals: Vec<&&clap::Arg> = args.iter().filter(|a| a.is_positional()).collect();
    if !positionals.is_empty() {
        let _ = writeln!(out, "{h}# Arguments\n");
        for a in positionals {
            argument(a, out);
        }
        out.push('\n');
    }
    let options: Vec<&&clap::Arg> = args.iter().filter(|a| !a.is_positional()).collect();
    if !options.is_empty() {
        let _ = writeln!(out, "{h}# Options\n");
        for a in options {
            argument(a, out);
        }
        out.push('\n');
    }
    if !sections.trim().is_empty() {
        out.push_str(&guide_markdown(sections, level + 1));
        out.push('\n');
    }
    let subs: Vec<&clap::Command> = cmd
        .get_subcommands()
        .filter(|c| !c.is_hide_set() && c.get_name() != "help")
        .collect();
    if !subs.is_empty() {
        let _ = writeln!(out, "{h}# Sub-commands\n");
        for s in &subs {
            let _ = writeln!(out, "- `{full} {}`: {}", s.get_name(), summary(s));
        }
        out.push('\n');
        for s in subs {
            command_page(&full, s, level + 1, out);
        }
    }
}

/// One argument or option as a list item: its spelling, then its help, default and the
/// values it takes.
fn argument(a: &clap::Arg, out: &mut String) {
    let takes_values = a.get_action().takes_values();
    let value = a
        .get_value_names()
        .map(|v| {
            v.iter()
                .map(|n| format!("<{n}>"))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .unwrap_or_else(|| format!("<{}>", a.get_id().as_str().to_uppercase()));
    let spelling = if a.is_positional() {
        value
    } else {
        let mut s = String::new();
        if let Some(short) = a.get_short() {
            let _ = write!(s, "-{short}, ");
        }
        if let Some(long) = a.get_long() {
            let _ = write!(s, "--{long}");
        }
        if takes_values {
            let _ = write!(s, " {value}");
        }
        s
    };
    let help = a
        .get_long_help()
        .or(a.get_help())
        .map(|h| h.to_string())
        .unwrap_or_default();
    let mut text = sentence(&help);
    if takes_values {
        let values: Vec<String> = a
            .get_possible_values()
            .iter()
            .filter(|v| !v.is_hide_set())
            .map(|v| match v.get_help() {
                Some(h) => format!("`{}` ({})", v.get_name(), lowercase_first(&h.to_string())),
                None => format!("`{}`", v.get_name()),
            })
            .collect();
        if !values.is_empty() {
            let _ = write!(text, " One of {}.", values.join(", "));
        }
        let defaults: Vec<String> = a
            .get_default_values()
            .iter()
            .map(|d| format!("`{}`", d.to_string_lossy()))
            .collect();
        if !defaults.is_empty() && !a.is_hide_default_value_set() {
            let _ = write!(text, " Default: {}.", defaults.join(", "));
        }
        if a.is_required_set() && !a.is_positional() {
            text.push_str(" Required.");
        }
    }
    if matches!(
        a.get_action(),
        clap::ArgAction::Append | clap::ArgAction::Count
    ) && !help.to_lowercase().contains("repeat")
    {
        text.push_str(" May be given more than once.");
    }
    let text = text.replace('\n', "\n  ");
    let _ = writeln!(out, "- `{spelling}`: {}", text.trim());
}

/// Whether a guide's line is a heading (`Examples:`).
fn is_heading(line: &str) -> bool {
    !line.starts_with(' ') && line.ends_with(':') && !line.contains("  ") && line.len() < 60
}

/// A guide cut before its first heading: what the command does (printed after its summary),
/// then its examples, exit codes and JSON (printed after its options).
fn split_guide(guide: &str) -> (&str, &str) {
    let mut at = 0;
    for line in guide.split_inclusive('\n') {
        if is_heading(line.trim_end_matches('\n')) {
            return guide.split_at(at);
        }
        at += line.len();
    }
    (guide, "")
}

/// The guide convention (see the file's comment) as Markdown, its headings at `level`.
fn guide_markdown(guide: &str, level: usize) -> String {
    let mut out = String::new();
    let mut code: Vec<&str> = Vec::new();
    let flush = |code: &mut Vec<&str>, out: &mut String| {
        if code.is_empty() {
            return;
        }
        while code.last().is_some_and(|l| l.trim().is_empty()) {
            code.pop();
        }
        out.push_str("```text\n");
        for l in code.drain(..) {
            out.push_str(l.strip_prefix("  ").unwrap_or(l.trim_start()));
            out.push('\n');
        }
        out.push_str("```\n\n");
    };
    // An indented line right after prose continues it (a list item's second line); after a
    // heading, a blank line or code, it is code.
    let mut after_prose = false;
    for line in guide.lines() {
        let indented = line.starts_with("  ");
        if indented && after_prose {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if indented || (!code.is_empty() && line.trim().is_empty()) {
            code.push(line);
            continue;
        }
        flush(&mut code, &mut out);
        after_prose = false;
        if is_heading(line) {
            let _ = writeln!(
                out,
                "{} {}\n",
                "#".repeat(level),
                line.trim_end_matches(':')
            );
        } else if line.trim().is_empty() {
            if !out.ends_with("\n\n") && !out.is_empty() {
                out.push('\n');
            }
        } else {
            out.push_str(line);
            out.push('\n');
            after_prose = true;
        }
    }
    flush(&mut code, &mut out);
    out
}

/// A command's one-line summary.
fn summary(c: &clap::Command) -> String {
    c.get_about()
        .map(|a| sentence(&a.to_string()))
        .unwrap_or_default()
}

/// Help text as a sentence: trimmed, ending in a full stop.
fn sentence(text: &str) -> String {
    let t = text.trim();
    if t.is_empty() || t.ends_with(['.', '!', '?', ':']) {
        t.to_string()
    } else {
        format!("{t}.")
    }
}

fn lowercase_first(s: &str) -> String {
    let s = s.trim().trim_end_matches('.');
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if chars.clone().next().is_some_and(|n| n.is_lowercase()) => {
            c.to_lowercase().chain(chars).collect()
        }
        _ => s.to_string(),
    }
}

/// One trailing newline, no blank lines run together.
fn finish(text: String) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        if line.trim().is_empty() && out.ends_with("\n\n") {
            continue;
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_guide_becomes_headings_code_and_prose() {
        let md = guide_markdown(
            "Reads the game.\n\nExamples:\n  sandtable check g\n\n  sandtable check g --format json\nExit codes:\n- 0 clean\n- 1 errors,\n  each located\n",
            2,
        );
        assert_eq!(
            md,
            "Reads the game.\n\n## Examples\n\n```text\nsandtable check g\n\nsandtable check g --format json\n```\n\n## Exit codes\n\n- 0 clean\n- 1 errors,\n  each located\n"
        );
    }

    #[test]
    fn a_guide_is_cut_before_its_first_heading() {
        assert_eq!(
            split_guide("Does it.\n\nExamples:\n  x\n"),
            ("Does it.\n\n", "Examples:\n  x\n")
        );
        assert_eq!(split_guide("Only prose.\n"), ("Only prose.\n", ""));
    }

    #[test]
    fn an_option_shows_its_values_and_default() {
        let cmd = clap::Command::new("t").arg(
            clap::Arg::new("format")
                .long("format")
                .help("Output format")
                .value_parser([
                    clap::builder::PossibleValue::new("text").help("Readable text"),
                    clap::builder::PossibleValue::new("json").help("JSON for programs"),
                ])
                .default_value("text"),
        );
        let mut out = String::new();
        argument(cmd.get_arguments().next().expect("an argument"), &mut out);
        assert_eq!(
            out,
            "- `--format <FORMAT>`: Output format. One of `text` (readable text), `json` (JSON for programs). Default: `text`.\n"
        );
    }
}
