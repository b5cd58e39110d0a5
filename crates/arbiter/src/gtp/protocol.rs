//! GTP version 2 framing (the protocol's specification, draft 2, sections 2.x and 3): how a
//! line of input becomes a command, and how an answer is written back.

/// One command line after preprocessing: the optional id, the command name and its
/// arguments, all separated by spaces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Command {
    /// The numeric id the controller gave, echoed in the answer.
    pub id: Option<u32>,
    /// The command name, as sent (GTP names are case-sensitive).
    pub name: String,
    /// The arguments, split on spaces.
    pub args: Vec<String>,
}

/// Reads one input line: control characters other than tab and newline are dropped, a `#`
/// starts a comment, tabs become spaces; an empty line is no command (`None`), as section 3.1
/// of the specification asks. A leading integer is the command's id.
pub fn parse_line(line: &str) -> Option<Command> {
    let uncommented = line.split('#').next().unwrap_or("");
    let cleaned: String = uncommented
        .chars()
        .filter(|&c| !c.is_control() || c == '\t')
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    let mut words = cleaned.split(' ').filter(|w| !w.is_empty());
    let first = words.next()?;
    let (id, name) = match first.parse::<u32>() {
        Ok(id) => (Some(id), words.next().unwrap_or("")),
        Err(_) => (None, first),
    };
    Some(Command {
        id,
        name: name.to_string(),
        args: words.map(str::to_string).collect(),
    })
}

/// The answer to one command: `=` and the result on success, `?` and the message on failure,
/// the id echoed right after the sign, and an empty line closing it (section 2.9). Empty
/// lines inside a multi-line result would end the answer early, so they are dropped.
pub fn format_answer(id: Option<u32>, result: Result<&str, &str>) -> String {
    let (sign, body) = match result {
        Ok(text) => ('=', text),
        Err(message) => ('?', message),
    };
    let mut out = String::with_capacity(body.len() + 8);
    out.push(sign);
    if let Some(id) = id {
        out.push_str(&id.to_string());
    }
    let body = body.trim_end_matches('\n');
    if !body.is_empty() {
        out.push(' ');
        let lines: Vec<&str> = body.lines().filter(|l| !l.trim().is_empty()).collect();
        // a result that starts on the next line (showboard) keeps that line break
        if body.starts_with('\n') {
            out.push('\n');
        }
        out.push_str(&lines.join("\n"));
    }
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    // Expectations from the GTP version 2 specification (draft 2): 3.1 preprocessing,
    // 2.5/2.6 command and id syntax, 2.9-2.11 response syntax.

    #[test]
    fn ids_names_and_arguments_are_split_on_spaces() {
        let c = parse_line("12 play black D4").unwrap();
        assert_eq!(c.id, Some(12));
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["black", "D4"]);
        let c = parse_line("boardsize 9").unwrap();
        assert_eq!((c.id, c.name.as_str()), (None, "boardsize"));
    }

    #[test]
    fn comments_control_characters_and_tabs_are_preprocessed() {
        let c = parse_line("\tplay\twhite  C3 # a comment\r").unwrap();
        assert_eq!(c.name, "play");
        assert_eq!(c.args, ["white", "C3"]);
        assert_eq!(parse_line("# only a comment"), None);
        assert_eq!(parse_line("  \t \r"), None);
        assert_eq!(parse_line("clear\u{7}_board").unwrap().name, "clear_board");
    }

    #[test]
    fn answers_echo_the_id_and_end_with_an_empty_line() {
        assert_eq!(format_answer(Some(3), Ok("2")), "=3 2\n\n");
        assert_eq!(format_answer(None, Ok("")), "=\n\n");
        assert_eq!(
            format_answer(Some(7), Err("illegal move")),
            "?7 illegal move\n\n"
        );
        assert_eq!(format_answer(None, Ok("a\n\nb\n")), "= a\nb\n\n");
        assert_eq!(
            format_answer(None, Ok("\n A B\n 1 .")),
            "= \n A B\n 1 .\n\n"
        );
    }
}
