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

use std::path::Path;

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

/// Reads a text file that has no encoding of its own to declare (Go diagrams and graphs,
/// FEN, tie-break CSV/JSON/TRF …): UTF-8, with a byte-order mark stripped so that it
/// never becomes part of the first line's text.
pub fn read_text(path: &Path) -> Result<String, CliError> {
    utf8_text(path, read_bytes(path)?)
}

/// The text of `bytes` read from `path`: UTF-8 after an optional byte-order mark.
fn utf8_text(path: &Path, bytes: Vec<u8>) -> Result<String, CliError> {
    let (body, skipped) = match bytes.strip_prefix(BOM) {
        Some(rest) => (rest, BOM.len()),
        None => (&bytes[..], 0),
    };
    String::from_utf8(body.to_vec()).map_err(|e| {
        CliError::bad_input(format!(
            "{}: not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to() + skipped
        ))
    })
}

/// Reads a xiangqi text file (a move list, a PGN game): UTF-8, or GBK/GB18030 as Chinese
/// records often come, found by their content (see [`decode`] with [`Family::Chinese`]).
pub fn read_chinese_text(path: &Path) -> Result<String, CliError> {
    let bytes = read_bytes(path)?;
    decode(&bytes, None, Family::Chinese)
        .map(|(text, _)| text)
        .map_err(|e| CliError::bad_input(format!("{}: {}", path.display(), e.one_line())))
}

/// Reads a Go file: an SGF record in the encoding its `CA[]` property names (`FF[4]`), or
/// found by its content when it names none (see [`decode_sgf`]); any other file (a text
/// diagram) as UTF-8 like [`read_text`].
pub fn read_sgf(path: &Path) -> Result<String, CliError> {
    let bytes = read_bytes(path)?;
    let body = bytes.strip_prefix(BOM).unwrap_or(&bytes);
    let first = body.iter().find(|b| !b.is_ascii_whitespace());
    if first != Some(&b'(') {
        // decoded from the bytes already read: a pipe or a named pipe gives its text once
        return utf8_text(path, bytes);
    }
    decode_sgf(&bytes)
        .map(|(text, _)| text)
        .map_err(|e| CliError::bad_input(format!("{}: {}", path.display(), e.one_line())))
}

fn read_bytes(path: &Path) -> Result<Vec<u8>, CliError> {
    std::fs::read(path)
        .map_err(|e| CliError::bad_input(format!("cannot read {}: {e}", path.display())))
}

/// Decodes SGF bytes: UTF-8 after a byte-order mark; else the encoding the `CA[]` property
/// names (`CA[gb2312]`, `CA[UTF-8]`, `CA[Shift_JIS]`, `CA[EUC-KR]`, `CA[Big5]` …); else
/// UTF-8 when the bytes are valid UTF-8; else the East Asian encoding Go records come in
/// (GBK/GB18030, Big5, Shift_JIS, EUC-KR) whose decoding reads most like text of its
/// language ([`language_score`]). Undecodable bytes are an error naming their offset.
pub fn decode_sgf(bytes: &[u8]) -> Result<(String, &'static Encoding), CliError> {
    if bytes.starts_with(BOM) {
        return decode(bytes, None, Family::Japanese);
    }
    if let Some(label) = sgf_charset(bytes) {
        let label = String::from_utf8_lossy(label);
        return decode(bytes, Some(&label), Family::Japanese)
            .map_err(|e| CliError::bad_input(format!("CA[{}]: {}", label.trim(), e.one_line())));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok((text.to_string(), UTF_8));
    }
    let mut best: Option<(String, &'static Encoding, f64)> = None;
    for encoding in SGF_LEGACY {
        if let Ok(text) = strict(bytes, encoding) {
            let score = language_score(&text, encoding);
            if best.as_ref().is_none_or(|(_, _, s)| score > *s) {
                best = Some((text, encoding, score));
            }
        }
    }
    best.map(|(text, encoding, _)| (text, encoding))
        .ok_or_else(|| {
            let names: Vec<&str> = SGF_LEGACY.iter().map(|e| e.name()).collect();
            CliError::bad_input(format!(
                "not text in UTF-8, {} (undecodable byte at offset {})",
                names.join(", "),
                first_error(bytes, UTF_8)
            ))
        })
}

/// The UTF-8 byte-order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// The encodings Go records without `CA[]` come in besides UTF-8, in the order ties go;
/// last the `FF[4]` default, ISO-8859-1 (read as its superset windows-1252, as WHATWG does).
const SGF_LEGACY: [&Encoding; 5] = [
    encoding_rs::GB18030,
    encoding_rs::BIG5,
    SHIFT_JIS,
    encoding_rs::EUC_KR,
    encoding_rs::WINDOWS_1252,
];

/// The value of the first `CA[…]` property in SGF bytes. The property name must start a
/// property (after `;`, `]` or white space), so that the same three bytes inside a
/// multi-byte character of a comment are not taken for it.
fn sgf_charset(bytes: &[u8]) -> Option<&[u8]> {
    let mut from = 0;
    while let Some(at) = bytes
        .get(from..)?
        .windows(3)
        .position(|w| w == b"CA[")
        .map(|i| i + from)
    {
        let starts_property =
            at == 0 || matches!(bytes[at - 1], b';' | b']' | b' ' | b'\t' | b'\r' | b'\n');
        if starts_property {
            let value = &bytes[at + 3..];
            let end = value.iter().position(|&b| b == b']')?;
            return Some(&value[..end]);
        }
        from = at + 3;
    }
    None
}

/// How much `text`, decoded as `encoding`, reads like that encoding's language: the share
/// of its non-ASCII characters that are among the most frequent ones of the language
/// (kana for Japanese, the commonest syllables for Korean, the commonest characters of
/// simplified or traditional Chinese), with Go's own terms and common family names. Text
/// decoded in the wrong one of these encodings comes out as rare characters, or as kana
/// and syllables scattered at random, so it scores low.
fn language_score(text: &str, encoding: &'static Encoding) -> f64 {
    const SIMPLIFIED: &str = "的一是不了在人有我他这个们中来上大为和国地到以说时要就出会可也你对生能而子那得于着下自之年过发后作里用道行所然家种事成方多经么去法学如都同现当没动面起看定天分还进好小部其些主样理心她本前开但因只从想实黑白胜负目手局棋劫先段半让子贴点打吃提活死眼气角边中腹定式变化失误妙本因坊名人天元棋圣李王张刘陈杨赵黄周吴徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁蔡蒋余于杜叶程魏苏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常聂古柯芈檀时";
    const TRADITIONAL: &str = "的一是不了在人有我他這個們中來上大為和國地到以說時要就出會可也你對生能而子那得於著下自之年過發後作裡用道行所然家種事成方多經麼去法學如都同現當沒動面起看定天分還進好小部其些主樣理心她本前開但因只從想實黑白勝負目手局棋劫先段半讓子貼點打吃提活死眼氣角邊中腹定式變化失誤妙本因坊名人天元棋聖李王張劉陳楊趙黃周吳徐孫馬朱胡郭何高林羅鄭梁謝宋唐許韓馮鄧曹彭曾蕭田董潘袁蔡蔣余于杜葉程魏蘇呂丁任沈姚盧姜崔鍾譚陸汪范金石廖賈夏韋付方白鄒孟熊秦邱江尹薛閆段雷侯龍史陶黎賀顧毛郝龔邵萬錢嚴覃武戴莫孔向湯常聶古柯林海峰";
    const JAPANESE_KANJI: &str =
        "黒白勝目中押先手段名人本因坊碁聖王座天元十局番戦対手合時間持日本棋院関西";
    const HANGUL: &str = "이의다는에하고을를가지기서로으한수도있사것해인대시어리자일나들그아정게전국여라적까보면부주만상동없성문우내데기되요김박최조강윤장임오신권황안송류홍고양손배백허유남심노곽차구민진채원천방공현함변염추소석설마길연위표명반왕금옥육맹제모탁은편용흑백승집불계반패단세돌창호";
    if encoding == encoding_rs::WINDOWS_1252 {
        return latin_score(text);
    }
    let wanted = |c: char| match encoding.name() {
        "Shift_JIS" => ('\u{3041}'..='\u{30ff}').contains(&c) || JAPANESE_KANJI.contains(c),
        "EUC-KR" => HANGUL.contains(c),
        "Big5" => TRADITIONAL.contains(c),
        _ => SIMPLIFIED.contains(c),
    };
    let (mut hits, mut total) = (0usize, 0usize);
    for c in text.chars().filter(|c| !c.is_ascii()) {
        total += 1;
        if wanted(c) {
            hits += 1;
        }
    }
    if total == 0 {
        0.0
    } else {
        hits as f64 / total as f64
    }
}

/// How much `text` reads like Latin-1 text: the share of its non-ASCII characters that
/// stand alone between ASCII ones (an accented letter in a name). Double-byte East Asian
/// text read as Latin-1 comes out as runs of two or more such characters, and scores low.
fn latin_score(text: &str) -> f64 {
    let chars: Vec<char> = text.chars().collect();
    let (mut alone, mut total) = (0usize, 0usize);
    for (i, c) in chars.iter().enumerate() {
        if c.is_ascii() {
            continue;
        }
        total += 1;
        let before = i == 0 || chars[i - 1].is_ascii();
        let after = chars.get(i + 1).is_none_or(char::is_ascii);
        if before && after {
            alone += 1;
        }
    }
    if total == 0 {
        0.0
    } else {
        alone as f64 / total as f64
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

    /// `text` in `encoding`, by encoding_rs's encoder (the code charts' bytes).
    fn bytes_in(text: &str, encoding: &'static Encoding) -> Vec<u8> {
        encode(text, encoding).unwrap()
    }

    #[test]
    fn sgf_is_read_by_its_ca_property() {
        // SGF FF[4] (red-bean.com/sgf, property CA): "provides the used charset for
        // SimpleText and Text type", labels as in RFC 1345. A Chinese server's record:
        let sgf = "(;FF[4]CA[gb2312]PB[柯洁]PW[芈昱廷]C[黑中盘胜])";
        let (t, e) = decode_sgf(&bytes_in(sgf, encoding_rs::GBK)).unwrap();
        assert_eq!((t.as_str(), e), (sgf, encoding_rs::GBK));
        for (label, encoding, names) in [
            (
                "Shift_JIS",
                SHIFT_JIS,
                "PB[井山裕太]PW[一力遼]C[黒の中押し勝ち]",
            ),
            (
                "EUC-KR",
                encoding_rs::EUC_KR,
                "PB[이세돌]PW[박정환]C[흑 불계승]",
            ),
            ("Big5", encoding_rs::BIG5, "PB[林海峰]PW[王立誠]C[黑中盤勝]"),
            ("UTF-8", UTF_8, "PB[申真谞]PW[柯洁]"),
        ] {
            let sgf = format!("(;FF[4]\nCA[{label}]{names})");
            let (t, e) = decode_sgf(&bytes_in(&sgf, encoding)).unwrap();
            assert_eq!((t.as_str(), e), (sgf.as_str(), encoding), "{label}");
        }
        // A CA[] naming an encoding the bytes are not in is an error with the offset.
        let e = decode_sgf(b"(;CA[UTF-8]C[\xff])").unwrap_err();
        assert!(e.one_line().contains("offset 13"), "{e}");
        // A BOM wins over everything and is stripped.
        let (t, _) = decode_sgf("\u{feff}(;CA[gb2312]C[黑])".as_bytes()).unwrap();
        assert_eq!(t, "(;CA[gb2312]C[黑])");
    }

    #[test]
    fn sgf_without_ca_is_read_by_its_content() {
        // The same records without CA[]: each is read in the encoding it was written in
        // (GBK through its superset GB18030).
        let gbk = "(;FF[4]PB[柯洁]PW[芈昱廷]RE[B+R]C[黑中盘胜，白棋失误])";
        let big5 = "(;FF[4]PB[林海峰]PW[王立誠]C[黑中盤勝，白棋失誤])";
        let sjis = "(;FF[4]PB[井山裕太]PW[一力遼]C[黒の中押し勝ち。白の失着でした])";
        let euc_kr = "(;FF[4]PB[이세돌]PW[박정환]C[흑 불계승입니다. 백의 실수])";
        let latin = "(;FF[4]PB[Müller]PW[Jérôme Hubert]C[Schwarz gewinnt])";
        for (written, read, text) in [
            (encoding_rs::GBK, encoding_rs::GB18030, gbk),
            (encoding_rs::BIG5, encoding_rs::BIG5, big5),
            (SHIFT_JIS, SHIFT_JIS, sjis),
            (encoding_rs::EUC_KR, encoding_rs::EUC_KR, euc_kr),
            (encoding_rs::WINDOWS_1252, encoding_rs::WINDOWS_1252, latin),
        ] {
            let (t, e) = decode_sgf(&bytes_in(text, written)).unwrap();
            assert_eq!((t.as_str(), e), (text, read));
        }
        // "CA[" right after another letter is not the CA property (the same three bytes can
        // end a Shift_JIS character whose trail byte is 'C', 0x43).
        assert_eq!(sgf_charset(b"(;XCA[big5]"), None);
        assert_eq!(sgf_charset(b"(;C[\x83CA[x]]CA[big5]"), Some(&b"big5"[..]));
        assert_eq!(sgf_charset(b"(;FF[4] CA[big5]"), Some(&b"big5"[..]));
    }

    #[test]
    fn encoding_round_trips_and_refuses_unmappable() {
        assert_eq!(encode("投了", SHIFT_JIS).unwrap(), TORYO_SJIS);
        assert!(encode("♔", SHIFT_JIS).is_err());
    }
}
