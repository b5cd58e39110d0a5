//! Text encodings of the records users already have, in and out.
//!
//! Game records are often not UTF-8: KIF is Shift_JIS by its own definition (`.kifu` is the
//! UTF-8 variant), CSA V2.2 files and Japanese programs use Shift_JIS/CP932 or EUC-JP, and
//! Chinese PGN and SGF files use GBK/GB2312 (SGF says so in `CA[]`). Decoding goes through
//! encoding_rs, the maintained WHATWG decoder, rather than conversion tables of our own: the
//! tables are large, vendor variants (CP932's NEC and IBM extensions) are easy to get wrong,
//! and encoding_rs is what browsers use on the same legacy files.
//!
//! [`decode`] is the one entry point for reading: it strips a UTF-8 byte-order mark, honours
//! an encoding the file declares (the caller finds the declaration in its own format),
//! otherwise takes valid UTF-8 as it is, and otherwise tries the legacy encodings of the
//! caller's [`Family`], keeping the one that decodes without errors. [`encode`] is the way
//! out, refusing characters the target encoding cannot hold instead of writing `?`.

use encoding_rs::{DecoderResult, EUC_JP, EncoderResult, Encoding, SHIFT_JIS, UTF_8};

use crate::output::CliError;

/// The legacy encodings to try on a file that is not UTF-8 and declares none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Shogi records (and Japanese Go records): Shift_JIS/CP932, then EUC-JP.
    Japanese,
    /// Xiangqi PGN and Chinese Go records: GBK (read as GB18030, its superset).
    #[allow(dead_code)] // for the xiangqi PGN and Go SGF readers
    Chinese,
}

impl Family {
    fn candidates(self) -> Vec<&'static Encoding> {
        match self {
            // encoding_rs's Shift_JIS decoder is CP932 (Windows-31J), as WHATWG specifies,
            // so NEC and IBM extension characters such as ① and 髙 decode too.
            Family::Japanese => vec![SHIFT_JIS, EUC_JP],
            Family::Chinese => vec![encoding_rs::GB18030],
        }
    }
}

/// Decodes a whole input file.
///
/// `declared` is the encoding label the file names for itself (KIF `#KIF version=2.0
/// encoding=UTF-8`, CSA `'CSA encoding=SHIFT_JIS`, SGF `CA[gb2312]`), if any; labels are the
/// WHATWG ones plus `cp932` (`shift_jis`, `cp932`, `euc-jp`, `gb2312`, `gbk`, `big5`, `euc-kr`, `utf-8` and
/// their aliases, any case). Returns the text and the encoding it was read in. Undecodable
/// bytes are an error naming the byte offset of the first one.
pub fn decode(
    bytes: &[u8],
    declared: Option<&str>,
    family: Family,
) -> Result<(String, &'static Encoding), CliError> {
    if let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        return strict(rest, UTF_8).map(|t| (t, UTF_8));
    }
    if let Some(label) = declared {
        let encoding = for_label(label).ok_or_else(|| {
            CliError::bad_input(format!("unknown text encoding {:?}", label.trim()))
        })?;
        return strict(bytes, encoding).map(|t| (t, encoding));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_string(), UTF_8));
    }
    let mut best: Option<(String, &'static Encoding, usize)> = None;
    for encoding in family.candidates() {
        if let Ok(text) = strict(bytes, encoding) {
            // EUC-JP text often decodes as Shift_JIS too, into half-width katakana that no
            // record uses: of the clean decodings, keep the one with the fewest.
            let odd = text
                .chars()
                .filter(|c| ('\u{ff61}'..='\u{ff9f}').contains(c))
                .count();
            if best.as_ref().is_none_or(|(_, _, n)| odd < *n) {
                best = Some((text, encoding, odd));
            }
        }
    }
    match best {
        Some((text, encoding, _)) => Ok((text, encoding)),
        None => {
            let names: Vec<&str> = std::iter::once(UTF_8)
                .chain(family.candidates())
                .map(Encoding::name)
                .collect();
            // The offset reported is where the first legacy candidate stopped: for a file in
            // that encoding with one damaged byte, that is the damaged byte.
            let offset = first_error(bytes, family.candidates()[0]);
            Err(CliError::bad_input(format!(
                "not text in {} (undecodable byte at offset {offset})",
                names.join(", ")
            )))
        }
    }
}

/// The encoding of a WHATWG label, plus the `cp932` that Japanese programs write for what
/// WHATWG calls `windows-31j`.
fn for_label(label: &str) -> Option<&'static Encoding> {
    let label = label.trim();
    if label.eq_ignore_ascii_case("cp932") {
        return Some(SHIFT_JIS);
    }
    Encoding::for_label(label.as_bytes())
}

/// Decodes `bytes` in `encoding` without replacement characters: an undecodable byte is an
/// error naming its offset.
fn strict(bytes: &[u8], encoding: &'static Encoding) -> Result<String, CliError> {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len().saturating_mul(3));
    let mut text = String::with_capacity(capacity);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        DecoderResult::InputEmpty => Ok(text),
        DecoderResult::Malformed(bad, after) => {
            let offset = read - usize::from(after) - usize::from(bad);
            Err(CliError::bad_input(format!(
                "not {} text (undecodable byte at offset {offset})",
                encoding.name()
            )))
        }
        // The buffer was sized for the worst case, so this cannot happen; report it as bad
        // input rather than panic.
        DecoderResult::OutputFull => Err(CliError::internal("decoding buffer too small")),
    }
}

/// Byte offset of the first byte `encoding` cannot decode (the length if none).
fn first_error(bytes: &[u8], encoding: &'static Encoding) -> usize {
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut text = String::with_capacity(bytes.len().saturating_mul(3) + 16);
    let (result, read) = decoder.decode_to_string_without_replacement(bytes, &mut text, true);
    match result {
        DecoderResult::Malformed(bad, after) => read - usize::from(after) - usize::from(bad),
        _ => bytes.len(),
    }
}

/// The encoding named by an output option (`--encoding shift_jis|utf-8|euc-jp …`).
pub fn encoding_named(label: &str) -> Result<&'static Encoding, CliError> {
    for_label(label)
        .ok_or_else(|| CliError::bad_input(format!("--encoding: unknown encoding {label:?}")))
}

/// Encodes `text` for writing. A character the encoding cannot hold is an error naming it
/// (encoding_rs alone would write an HTML character reference in its place).
pub fn encode(text: &str, encoding: &'static Encoding) -> Result<Vec<u8>, CliError> {
    if encoding == UTF_8 {
        return Ok(text.as_bytes().to_vec());
    }
    let mut encoder = encoding.new_encoder();
    let mut out = Vec::with_capacity(
        encoder
            .max_buffer_length_from_utf8_without_replacement(text.len())
            .unwrap_or(text.len().saturating_mul(4)),
    );
    let (result, _) = encoder.encode_from_utf8_to_vec_without_replacement(text, &mut out, true);
    match result {
        EncoderResult::InputEmpty => Ok(out),
        EncoderResult::Unmappable(c) => Err(CliError::bad_input(format!(
            "{c:?} (U+{:04X}) cannot be written in {}; use --encoding utf-8",
            u32::from(c),
            encoding.output_encoding().name()
        ))),
        EncoderResult::OutputFull => Err(CliError::internal("encoding buffer too small")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Bytes written by hand from the JIS X 0208 code charts (Shift_JIS and EUC-JP columns):
    // 投了 is 93 8A 97 B9 in Shift_JIS and C5 EA CE BB in EUC-JP.
    const TORYO_SJIS: &[u8] = b"\x93\x8a\x97\xb9";
    const TORYO_EUC: &[u8] = b"\xc5\xea\xce\xbb";

    #[test]
    fn legacy_japanese_is_detected() {
        let (t, e) = decode(TORYO_SJIS, None, Family::Japanese).unwrap();
        assert_eq!((t.as_str(), e), ("投了", SHIFT_JIS));
        let (t, e) = decode(TORYO_EUC, None, Family::Japanese).unwrap();
        assert_eq!((t.as_str(), e), ("投了", EUC_JP));
        let (t, e) = decode("\u{feff}投了".as_bytes(), None, Family::Japanese).unwrap();
        assert_eq!((t.as_str(), e), ("投了", UTF_8));
    }

    #[test]
    fn declared_encoding_wins_and_errors_name_the_offset() {
        let (t, _) = decode(TORYO_SJIS, Some("cp932"), Family::Japanese).unwrap();
        assert_eq!(t, "投了");
        // 0x93 followed by 0x0A (a line feed) is no Shift_JIS character: byte 2 is bad.
        let e = decode(b"ab\x93\n", Some("shift_jis"), Family::Japanese).unwrap_err();
        assert!(e.one_line().contains("offset 2"), "{e}");
        let e = decode(b"ab\xff\xff\xff", None, Family::Japanese).unwrap_err();
        assert!(e.one_line().contains("offset 2"), "{e}");
        assert!(decode(b"x", Some("klingon"), Family::Japanese).is_err());
    }

    #[test]
    fn chinese_family_reads_gbk() {
        // 炮 in GB2312 is C5 DA (GB2312 code chart, row 37 column 58).
        let (t, _) = decode(b"\xc5\xda", None, Family::Chinese).unwrap();
        assert_eq!(t, "炮");
    }

    #[test]
    fn encoding_round_trips_and_refuses_unmappable() {
        assert_eq!(encode("投了", SHIFT_JIS).unwrap(), TORYO_SJIS);
        assert!(encode("♔", SHIFT_JIS).is_err());
    }
}
