//! Hand-computed cases for the rules the spec singles out (C.07 art. 14–16 and the national
//! orders of spec §4). Each expectation is worked out in the comment next to it.

use num_rational::Rational64;
use tiebreak::descriptor::{Edition, parse_list};
use tiebreak::standings::{self, Standings};
use tiebreak::{Options, System, Tournament, csv_input};

fn event(text: &str) -> Tournament {
    csv_input::parse(text).unwrap()
}

fn table(t: &Tournament, system: System, edition: Edition, list: &str) -> Standings {
    let list = standings::with_primary(parse_list(list).unwrap());
    standings::compute(t, Options { system, edition }, &list)
}

/// Value of tie-break `k` (0 = PTS) for the player with start number `id`, in points.
fn value(t: &Tournament, s: &Standings, k: usize, id: u32) -> Option<Rational64> {
    s.values[k][t.index_of(id).unwrap()]
}

fn pts(x: f64) -> Option<Rational64> {
    Some(Rational64::new((x * 100.0).round() as i64, 100))
}

/// Byes: P1 takes a half-point bye in the last round (category 16.2.5), P2 a half-point
/// bye followed by a game (16.2.3), P3 a zero-point bye in the last round (16.2.5), P4 a
/// pairing-allocated bye (16.2.1). Final scores: P1 2.5, P2 1, P3 1, P4 1.5. Seen by
/// opponents (16.3) P3's last-round ZPB counts as a draw: P3 adjusted 1.5.
const BYES: &str = "id,name,rating,r1,r2,r3\n\
    1,P1,2000,2w1,3w1,H\n\
    2,P2,1900,1b0,H,4w=\n\
    3,P3,1800,4w1,1b0,Z\n\
    4,P4,1700,3b0,U,2b=\n";

#[test]
fn dummy_opponent_and_2026_cap() {
    let t = event(BYES);
    // 2024 (16.4): P1's last-round bye is a game against a dummy with P1's own score 2.5:
    // BH = 1 (P2) + 1.5 (P3 adjusted) + 2.5 = 5.0.
    let s = table(&t, System::Swiss, Edition::Fide2024, "PTS,BH,SB");
    assert_eq!(value(&t, &s, 1, 1), pts(5.0));
    // SB = 1×1 + 1.5×1 + 2.5×½ = 3.75.
    assert_eq!(value(&t, &s, 2, 1), pts(3.75));
    // 2026 (16.4.2): the dummy may not exceed draw points × rounds = 1.5: BH = 4.0, SB 3.25.
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,BH,SB");
    assert_eq!(value(&t, &s, 1, 1), pts(4.0));
    assert_eq!(value(&t, &s, 2, 1), pts(3.25));
    // P3's own ZPB: dummy = own raw score 1.0 (not the adjusted 1.5): 1.5 + 2.5 + 1.0 = 5.0.
    assert_eq!(value(&t, &s, 1, 3), pts(5.0));
    // P4's PAB: dummy 1.5 (own score, under the cap): 1.5 (P3) + 1.5 + 1.0 (P2) = 4.0.
    assert_eq!(value(&t, &s, 1, 4), pts(4.0));
}

#[test]
fn cut_removes_the_vur_first() {
    let t = event(BYES);
    // 16.5: P1's contributions 1.0, 1.5 and the VUR dummy 2.5 (2024). Cut-1 removes the VUR
    // (not lower than the least significant 1.0): BH/C1 = 2.5, not 4.0.
    let s = table(&t, System::Swiss, Edition::Fide2024, "PTS,BH/C1,SB/C1");
    assert_eq!(value(&t, &s, 1, 1), pts(2.5));
    // SB/C1: products 1.0, 1.5 and VUR 1.25; the VUR product is not below the least
    // significant (1.0, lowest-scoring opponent), so the VUR goes: 2.5.
    assert_eq!(value(&t, &s, 2, 1), pts(2.5));
    // P4 has no VUR (a PAB is not voluntary): the lowest value 1.0 is cut: 3.0.
    assert_eq!(value(&t, &s, 1, 4), pts(3.0));
}

#[test]
fn koya_in_a_swiss() {
    let t = event(BYES);
    // KS limit 50 % of 3 points = 1.5: P1 (2.5) and P4 (1.5) qualify. P3 beat P4: 1.0;
    // P2 drew P4: 0.5; P1 met neither: 0.
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,KS");
    assert_eq!(value(&t, &s, 1, 3), pts(1.0));
    assert_eq!(value(&t, &s, 1, 2), pts(0.5));
    assert_eq!(value(&t, &s, 1, 1), pts(0.0));
    // /L+1 raises the limit by ½ point to 2.0: only P1 qualifies; nobody scored against him.
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,KS/L+1");
    assert_eq!(value(&t, &s, 1, 3), pts(0.0));
}

/// Forfeits: P1 wins by forfeit against P3 in round 2. Scores P1 2, P2 1, P3 1, P4 0.
const FORFEITS: &str = "id,name,rating,r1,r2\n\
    1,P1,2000,2w1,3w+\n\
    2,P2,1900,1b0,4w1\n\
    3,P3,1800,4w1,1b-\n\
    4,P4,1700,3b0,2b0\n";

#[test]
fn forfeits_swiss_and_round_robin() {
    let t = event(FORFEITS);
    // 2024: P1's forfeit win is a game against a dummy with P1's score 2: BH = 1 + 2 = 3.
    let s = table(&t, System::Swiss, Edition::Fide2024, "PTS,BH,REP,WIN,WON");
    assert_eq!(value(&t, &s, 1, 1), pts(3.0));
    // 7.6 REP: the forfeit loss is a VUR, P3 elected to play one round; 7.1 WIN counts
    // P1's forfeit win, 7.2 WON does not.
    assert_eq!(value(&t, &s, 2, 3), pts(1.0));
    assert_eq!(value(&t, &s, 3, 1), pts(2.0));
    assert_eq!(value(&t, &s, 4, 1), pts(1.0));
    // 2026 (16.4.1): the dummy may not exceed the scheduled opponent's score (P3: 1): BH = 2.
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,BH");
    assert_eq!(value(&t, &s, 1, 1), pts(2.0));
    // Round-robin (15.2): the forfeit counts as a game against P3 (score 1): BH = 2 in both.
    let s = table(&t, System::RoundRobin, Edition::Fide2024, "PTS,BH");
    assert_eq!(value(&t, &s, 1, 1), pts(2.0));
    // ARO counts only games played over the board (2026 15.2): P1 met P2 (1900) only.
    let s = table(&t, System::RoundRobin, Edition::Fide2026, "PTS,ARO");
    assert_eq!(value(&t, &s, 1, 1), pts(1900.0));
}

#[test]
fn direct_encounter_round_robin_and_swiss() {
    // Round-robin of three, all on 1 point: 1 beat 2, 2 beat 3, 3 beat 1 — the mini-table
    // is 1–1–1 (6.2): DE leaves them tied (value 0 for all).
    let rr = event("id,name,r1,r2,r3\n1,A,2w1,3b0,\n2,B,1b0,,3w1\n3,C,,1w1,2b0\n");
    let s = table(&rr, System::RoundRobin, Edition::Fide2026, "PTS,DE");
    for id in 1..=3 {
        assert_eq!(value(&rr, &s, 1, id), pts(0.0));
    }
    // Swiss: A and B finish on 2 points and A beat B in round 1 (6.2 inside the pair):
    // A gets DE 1, B DE 2; of C and E (1.5), E beat C in round 3: E 1, C 2; D and F (1)
    // drew their game: they stay tied (DE 0).
    let sw = event(
        "id,name,r1,r2,r3\n1,A,2w1,3b0,4w1\n2,B,1b0,5w1,6w1\n3,C,4w=,1w1,5b0\n\
         4,D,3b=,6w=,1b0\n5,E,6w=,2b0,3w1\n6,F,5b=,4b=,2b0\n",
    );
    let s = table(&sw, System::Swiss, Edition::Fide2026, "PTS,DE");
    assert_eq!(value(&sw, &s, 1, 1), pts(1.0));
    assert_eq!(value(&sw, &s, 1, 2), pts(2.0));
    assert_eq!(value(&sw, &s, 1, 3), pts(2.0));
    assert_eq!(value(&sw, &s, 1, 5), pts(1.0));
    assert_eq!(value(&sw, &s, 1, 4), pts(0.0));
    assert_eq!(value(&sw, &s, 1, 6), pts(0.0));
    assert_eq!(s.rank[sw.index_of(1).unwrap()], 1);
}

#[test]
fn progressive_score_cuts() {
    let t = event(BYES);
    // P1 running scores 1, 2, 2.5: PS 5.5; PS/C1 drops the first: 4.5 (7.5 and 14.1).
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,PS,PS/C1");
    assert_eq!(value(&t, &s, 1, 1), pts(5.5));
    assert_eq!(value(&t, &s, 2, 1), pts(4.5));
}

#[test]
fn xiangqi_opponent_score_with_bye_rule() {
    // CXA 14.4: for 对手分 a bye counts as an opponent with the lowest score among players
    // with at least one point. Scores: P1 2.5, P2 1, P3 1, P4 1.5 → lowest such score 1.
    // P4 (PAB in round 2): 1.0 (P3) + 1.0 (bye) + 1.0 (P2) = 3.0.
    let t = event(BYES);
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,XQOPP");
    assert_eq!(value(&t, &s, 1, 4), pts(3.0));
    // P1's half-point bye is not a bye "scored as a win": it adds nothing: 1 + 1 = 2.
    assert_eq!(value(&t, &s, 1, 1), pts(2.0));
}

#[test]
fn cxa_colour_dependent_draws_and_fouls() {
    // CXA 13.3: a draw may give the first mover 1 and the second mover 2 (win 3, loss 0).
    let t = event("@scoring W=3,D=1,DB=2,L=0\nid,name,fouls,r1\n1,Red,0,2w=\n2,Black,1,1b=\n");
    let s = table(&t, System::RoundRobin, Edition::Fide2026, "PTS,FOULS");
    assert_eq!(value(&t, &s, 0, 1), pts(1.0));
    assert_eq!(value(&t, &s, 0, 2), pts(2.0));
    assert_eq!(s.rank[t.index_of(2).unwrap()], 1);
    // 犯规: fewer is better.
    let t = event("id,name,fouls,r1\n1,A,2,2w=\n2,B,1,1b=\n");
    let s = table(
        &t,
        System::RoundRobin,
        Edition::Fide2026,
        "PTS,FOULS,XQBLACK",
    );
    assert_eq!(s.rank[t.index_of(2).unwrap()], 1);
    // 对局时后走: with equal fouls, the player who had Black in the mutual game ranks first.
    let t = event("id,name,fouls,r1\n1,A,0,2w=\n2,B,0,1b=\n");
    let s = table(
        &t,
        System::RoundRobin,
        Edition::Fide2026,
        "PTS,FOULS,XQBLACK",
    );
    assert_eq!(s.rank[t.index_of(2).unwrap()], 1);
    assert_eq!(s.rank[t.index_of(1).unwrap()], 2);
}

#[test]
fn go_mcmahon_sos_sosos_sodos() {
    // McMahon bars: P1, P2 start on 1, P3, P4 on 0. Two rounds; P4 has a bye in round 2
    // (scored 0 here, W=1 D=0.5 Z=0).
    // R1: 1 beats 3, 2 beats 4. R2: 1 beats 2 (handicap 0), 3 gets a bye, 4 absent.
    let t = event("id,name,mms,r1,r2\n1,A,1,3w1,2w1\n2,B,1,4w1,1b0\n3,C,0,1b0,U\n4,D,0,2b0,Z\n");
    let s = table(&t, System::Swiss, Edition::Fide2026, "MMS,SOS,SOSOS,SODOS");
    // MMS = start + points: A 3, B 2, C 1, D 0.
    assert_eq!(value(&t, &s, 0, 1), pts(3.0));
    assert_eq!(value(&t, &s, 0, 3), pts(1.0));
    // SOS(A) = MMS(C) + MMS(B) = 1 + 2 = 3; SOS(C) = MMS(A) + own start 0 (bye) = 3.
    assert_eq!(value(&t, &s, 1, 1), pts(3.0));
    assert_eq!(value(&t, &s, 1, 3), pts(3.0));
    // SOS(B) = MMS(D) + MMS(A) = 0 + 3 = 3; SOSOS(A) = SOS(C) + SOS(B) = 6.
    assert_eq!(value(&t, &s, 2, 1), pts(6.0));
    // SODOS(A) = MMS(C) + MMS(B) = 3 (both beaten); SODOS(B) = MMS(D) = 0.
    assert_eq!(value(&t, &s, 3, 1), pts(3.0));
    assert_eq!(value(&t, &s, 3, 2), pts(0.0));
}

#[test]
fn shogi_solkoff_and_earlier_wins() {
    // Japanese amateur order: wins, Solkoff (opponents' wins), SB, DE, earlier wins.
    // A: ○○× , B: ×○○ — both 2 wins; "○○○× ranks above ×○○○": A first if still tied.
    let t = event(
        "id,name,r1,r2,r3\n1,A,3w1,4b1,2w0\n2,B,4w0,3b1,1b1\n3,C,1b0,2w0,4w1\n4,D,2b1,1w0,3b0\n",
    );
    let s = table(&t, System::Swiss, Edition::Fide2026, "shogi");
    // Solkoff(A) = wins of C (1) + D (1) + B (2) = 4; Solkoff(B) = D 1 + C 1 + A 2 = 4.
    assert_eq!(value(&t, &s, 2, 1), pts(4.0));
    assert_eq!(value(&t, &s, 2, 2), pts(4.0));
    // SB (wins of the opponents one beat): A beat C (1 win) and D (1): 2; B beat C (1) and
    // A (2): 3 — B ranks above A before DE or earlier wins are needed.
    assert_eq!(value(&t, &s, 3, 1), pts(2.0));
    assert_eq!(value(&t, &s, 3, 2), pts(3.0));
    assert_eq!(s.rank[t.index_of(2).unwrap()], 1);
    assert_eq!(s.rank[t.index_of(1).unwrap()], 2);
    // Earlier wins alone: A (○○×) above B (×○○).
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,EARLY");
    assert_eq!(s.rank[t.index_of(1).unwrap()], 1);
    assert_eq!(s.rank[t.index_of(2).unwrap()], 2);
    // CXA 14.3.1 "比较前一轮成绩" (latest round first): B won the last round, A lost it.
    let s = table(&t, System::Swiss, Edition::Fide2026, "PTS,LATE");
    assert_eq!(s.rank[t.index_of(2).unwrap()], 1);
    assert_eq!(s.rank[t.index_of(1).unwrap()], 2);
}
