//! The band-wise search state and its propagation and branching (see the module docs of
//! [`crate::solve`] for the bit layout).

/// The 27 cells of a band, all set.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// For the nine bits of one row of a band, the boxes (3 bits) in which the row has any bit.
const SHRINK: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        let mut v = 0;
        let mut j = 0;
        while j < 3 {
            if i & (0o7 << (3 * j)) != 0 {
                v |= 1 << j;
            }
            j += 1;
        }
        t[i] = v;
        i += 1;
    }
    t
};

/// The six ways the three rows of a band can map to its three boxes: row `r` to box `s[r]`.
const PERMS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];

/// Whether permutation `s` fits the mini-rows `i` (bit `3 * r + x`: row `r` may hold the digit
/// in box `x`), i.e. every row's box is allowed.
const fn fits(i: usize, s: [u32; 3]) -> bool {
    i & (1 << s[0]) != 0 && i & (1 << (3 + s[1])) != 0 && i & (1 << (6 + s[2])) != 0
}

/// The permutation closure of a band.
///
/// The index has bit `3 * r + x` set when row `r` of the band may hold the digit in box `x`
/// (a "mini-row"). Within a band the digit sits once in each row and once in each box, so the
/// rows map to the boxes by a permutation. The entry is the union, as 27 cell bits, of the
/// mini-rows used by some permutation that the index allows: mini-rows outside it are
/// eliminated (this covers pointing and claiming inside the band and box hidden singles), and
/// an entry of 0 means no permutation fits: a contradiction.
const BAND_MASK: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut m = 0;
        let mut p = 0;
        while p < 6 {
            let s = PERMS[p];
            if fits(i, s) {
                m |= 0o7 << (3 * s[0]);
                m |= 0o7 << (9 + 3 * s[1]);
                m |= 0o7 << (18 + 3 * s[2]);
            }
            p += 1;
        }
        t[i] = m;
        i += 1;
    }
    t
};

/// For mini-rows as indexed in [`BAND_MASK`], how many of the six permutations fit them.
const PERM_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        let mut p = 0;
        while p < 6 {
            if fits(i, PERMS[p]) {
                t[i] += 1;
            }
            p += 1;
        }
        i += 1;
    }
    t
};

/// For the columns (9 bits) that only one band may hold the digit in, the cells of that band
/// to keep: in each box with such a column, that column only (the box's digit lies there).
const CLAIM: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut m = 0;
        let mut j = 0;
        while j < 3 {
            let c3 = (i >> (3 * j)) & 7;
            m |= (if c3 == 0 { 7 } else { c3 }) << (3 * j);
            j += 1;
        }
        t[i] = (m | m << 9 | m << 18) as u32;
        i += 1;
    }
    t
};

/// For the columns (9 bits) in which a band may hold the digit, the columns that are the only
/// one of their box (the digit's box then lies in that column: "pointing" along columns), as a
/// 27-bit mask of those columns over the three rows of a band, to clear in the other bands.
const LOCKED_COLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut i = 0;
    while i < 512 {
        let mut m = 0;
        let mut j = 0;
        while j < 3 {
            let c3 = (i >> (3 * j)) & 7;
            if c3 != 0 && c3 & (c3 - 1) == 0 {
                m |= c3 << (3 * j);
            }
            j += 1;
        }
        t[i] = (m | m << 9 | m << 18) as u32;
        i += 1;
    }
    t
};

/// The mini-rows of a band word that hold a bit, as 9 bits: bit `3 * r + x` for row `r` and
/// box `x` (the index of [`BAND_MASK`] and [`PERM_COUNT`]).
#[inline(always)]
fn mini_rows(w: u32) -> u32 {
    u32::from(SHRINK[(w & 0x1ff) as usize])
        | u32::from(SHRINK[((w >> 9) & 0x1ff) as usize]) << 3
        | u32::from(SHRINK[((w >> 18) & 0x1ff) as usize]) << 6
}

/// A digit's band word `w` as the permutation closure leaves it (0 on a contradiction).
#[inline(always)]
fn closure(w: u32) -> u32 {
    w & BAND_MASK[(mini_rows(w) & 0x1ff) as usize]
}

/// The columns (9 bits) in which a band word has a cell.
#[inline(always)]
fn columns(w: u32) -> u32 {
    (w | w >> 9 | w >> 18) & 0x1ff
}

/// The rows of a band in which `x` has a cell, as 27 cell bits (all nine cells of each).
#[inline(always)]
fn rows_with(x: u32) -> u32 {
    // Selects, not a table indexed by the three rows' bits: one load less on the update's
    // critical path (2–3 % faster, in `single_row_cells`).
    let row = |m: u32| if x & m != 0 { m } else { 0 };
    row(0x1ff) | row(0x1ff << 9) | row(0x1ff << 18)
}

/// The rows of a band (as 27 cell bits) in which `a` holds exactly one cell; `a` has no empty
/// row.
#[inline(always)]
fn single_row_cells(a: u32) -> u32 {
    // No row is empty, so subtracting 1 from each 9-bit row borrows inside the row only, and
    // `r & (r - 1)` clears the lowest bit of every row at once: a row is single when nothing
    // is left of it.
    let y = a & a.wrapping_sub(1 | 1 << 9 | 1 << 18);
    BAND & !rows_with(y)
}

/// The entry of digit `d + 1` in band `b`: a digit's three bands side by side, so one band's
/// nine digits lie every third entry.
///
/// Digit-major, although the rules mostly walk a band's nine digits: a band-major layout let
/// the compiler clear a band's nine words with 16-byte stores and loads, and those loads then
/// waited on the single-word stores just made to the same words (a store-forwarding stall).
#[inline(always)]
pub(super) const fn ix(b: usize, d: usize) -> usize {
    3 * d + b
}

/// The search state: candidates per band and digit, and what is already placed.
#[derive(Clone, Copy)]
pub(super) struct State {
    /// `cands[ix(b, d)]`: the cells of band `b` where digit `d + 1` may be (a placed digit
    /// keeps the bit of its cell). Entries 27–31 stay 0: with 32 entries a 5-bit index needs
    /// no bounds check.
    cands: [u32; 32],
    /// `cands` as it was when a sweep last updated it (`u32::MAX` before the first time):
    /// what [`State::propagate`] (the lean search's, and every search's before its first
    /// guess) reads; the list leaves it alone, and a guess's copy outside a lean search
    /// leaves it out (see [`State::child`]).
    seen: [u32; 32],
    /// Per band, the cells that hold no placed digit yet (entry 3 unused).
    open_cells: [u32; 4],
    /// Bit `k` set when `cands[k]` may have changed since its last update (all 27 at first):
    /// what [`State::propagate_listed`] reads. The sweeps compare with `seen` instead and
    /// leave it empty at their fixpoint, so the list can go on from a swept state.
    dirty: u32,
}

/// What the search is collecting: the count, the first solutions and the guesses so far.
pub(super) struct Search<'a> {
    /// Stop once this many solutions are found (at least 1).
    pub limit: usize,
    /// Keep the first this many solutions (at most `limit`, so `solutions` never outgrows it).
    pub keep: usize,
    /// Solutions found.
    pub count: usize,
    /// The first `keep` solutions found.
    pub solutions: Vec<[u8; 81]>,
    /// Trial placements made in a copy of the state.
    pub guesses: u64,
    /// Branch at once when nothing is left to place, without the rules run before a guess
    /// (column claiming, triads, the band split): chosen per puzzle, for one with at least
    /// [`LEAN_FROM_GIVENS`] givens.
    pub lean: bool,
    /// Asked every [`STOP_EVERY`] solutions; `true` ends the count there.
    pub stop: Option<&'a dyn Fn() -> bool>,
    /// Whether `stop` ended the count.
    pub stopped: bool,
}

/// How many solutions a count finds between two calls of its stop check: a long count finds
/// millions a second, so the check (a clock read, by the caller) costs nothing measurable, and
/// a short one (a solve or a uniqueness check, at most a few milliseconds) never calls it.
pub(super) const STOP_EVERY: usize = 1024;

impl State {
    /// The state where digit `d + 1` may be in the cells `cands[ix(b, d)]` of band `b` and is
    /// placed in the cells `placed[ix(b, d)]` (bit `i` = cell `27 * b + i`; each placed cell
    /// should be in no other digit's `cands`).
    pub(super) fn new(cands: &[u32; 27], placed: &[u32; 27]) -> State {
        let mut st = State {
            cands: [0; 32],
            seen: [u32::MAX; 32],
            open_cells: [BAND, BAND, BAND, 0],
            dirty: (1 << 27) - 1,
        };
        for k in 0..27 {
            let p = placed[k] & BAND;
            // A placed digit is alone in its row of the band; the propagation does the rest.
            st.cands[k] = (cands[k] & BAND | p) & !(rows_with(p) & !p);
        }
        st
    }

    /// Places entry `k`'s digit in the cell with bit `c` of its band: the rest of the cell's
    /// row loses the digit, and the next propagation finds the row single and does the rest.
    #[inline(always)]
    fn place(&mut self, k: usize, c: u32) {
        let k = k & 31;
        self.cands[k] &= !(rows_with(c) & !c);
        self.dirty |= 1 << k;
    }

    /// A copy of the state to try a guess in. `seen` is copied only for a lean search: the
    /// others never sweep after their first guess, so their copies leave it out (the copy is
    /// then short enough to be inlined rather than a call to `memcpy`: 1–2 % faster). Safe
    /// whatever runs next: `u32::MAX` matches no word, so a sweep would update all 27.
    #[inline(always)]
    fn child(&self, lean: bool) -> State {
        State {
            cands: self.cands,
            seen: if lean { self.seen } else { [u32::MAX; 32] },
            open_cells: self.open_cells,
            dirty: self.dirty,
        }
    }

    /// Removes entry `k`'s digit from the cell with bit `c` of its band.
    #[inline(always)]
    fn eliminate(&mut self, k: usize, c: u32) {
        let k = k & 31;
        self.cands[k] &= !c;
        self.dirty |= 1 << k;
    }

    /// Keeps entry `k`'s digit only in the cells `m` of its band.
    #[inline(always)]
    fn restrict(&mut self, k: usize, m: u32) {
        let k = k & 31;
        self.cands[k] &= m;
        self.dirty |= 1 << k;
    }

    /// Runs the band rules until nothing changes; false on a contradiction. At the fixpoint
    /// `dirty` is empty (every word is up to date), so [`State::propagate_listed`] can take
    /// over from here.
    ///
    /// For each digit and band that changed: apply the permutation closure; every row left with
    /// a single cell that was still open places the digit there, which removes the cell from
    /// the other digits; a box whose cells for the digit all lie in one column removes that
    /// column from the digit's other two bands (a placed digit's box is such a box).
    // Not inlined: the 27 inlined updates make a big frame, and `Search::run` recurses.
    #[inline(never)]
    fn propagate(&mut self) -> bool {
        // Sweeps over the 27 entries, each written out with its index a constant, until one
        // sweep finds nothing changed. Digit by digit (its three bands in a row), so a locked
        // column reaches the digit's other bands in the same sweep (measured: a few % faster
        // than band by band; the fixpoint, hence the search tree, is the same). Used by the
        // lean search, and by every search until its first guess (see `Search::run`):
        // elsewhere `propagate_listed` (a list of the words that changed, each update marking
        // the words it changes) is faster. The list halves the mispredicted branches but adds
        // 70 % instructions (the marks, and indexes not constants), which the short searches
        // of many-given puzzles do not earn back (serg-multi-2000 9–13 % slower with it).
        loop {
            let mut changed = false;
            if !(self.sweep_digit::<0>(&mut changed)
                && self.sweep_digit::<1>(&mut changed)
                && self.sweep_digit::<2>(&mut changed)
                && self.sweep_digit::<3>(&mut changed)
                && self.sweep_digit::<4>(&mut changed)
                && self.sweep_digit::<5>(&mut changed)
                && self.sweep_digit::<6>(&mut changed)
                && self.sweep_digit::<7>(&mut changed)
                && self.sweep_digit::<8>(&mut changed))
            {
                return false;
            }
            if !changed {
                self.dirty = 0;
                return true;
            }
        }
    }

    /// A sweep's visit of digit `D + 1`: each of its three band words that changed since its
    /// last update is updated (and `changed` set). False on a contradiction.
    ///
    /// Inlined natively, where one flat sweep of 27 updates is fastest; a function per digit
    /// in wasm, where V8 compiles nine small functions better than that one big one (measured
    /// in Chromium, count ≤ 2: 8–12 % more puzzles per second; natively the calls cost 3–5 %;
    /// a function per entry, called only for the words that changed, was no faster in wasm and
    /// 1–2 % slower natively; a plain loop, the entry not a constant, is far slower in wasm).
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn sweep_digit<const D: usize>(&mut self, changed: &mut bool) -> bool {
        self.sweep_entry(ix(0, D), changed)
            && self.sweep_entry(ix(1, D), changed)
            && self.sweep_entry(ix(2, D), changed)
    }

    /// Updates entry `k` if it changed since its last update; false on a contradiction.
    #[inline(always)]
    fn sweep_entry(&mut self, k: usize, changed: &mut bool) -> bool {
        if self.cands[k & 31] == self.seen[k & 31] {
            return true;
        }
        *changed = true;
        self.update::<false>(k)
    }

    /// As [`State::propagate`], from the list of the entries that changed (`dirty`, which
    /// every change marks) rather than by sweeps; the fixpoint is the same. The propagation of
    /// every search but the lean one after its first guess: measured against the sweeps
    /// (count ≤ 2, µs per puzzle, medians of 5 alternating 1-s runs), top1465 6.67 → 6.18,
    /// forum-hardest-1106 64.0 → 61.9, forum-hardest-1905-11plus-5000 35.9 → 34.2, 17-clue
    /// 1.44 → 1.42, the same guesses.
    #[inline(never)]
    fn propagate_listed(&mut self) -> bool {
        while self.dirty != 0 {
            let mut todo = self.dirty;
            self.dirty = 0;
            while todo != 0 {
                let k = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                if !self.update::<true>(k) {
                    return false;
                }
            }
        }
        true
    }

    /// Propagates entry `k`; false on a contradiction. The permutation closure, then the new
    /// row singles leave the band's other digits, then a locked column leaves the digit's other
    /// two bands. For the sweeps (`LISTED` false, `k` a constant once inlined) it records the
    /// word in `seen`; for the list (`LISTED` true) it marks in `dirty` the words it changed.
    #[inline(always)]
    fn update<const LISTED: bool>(&mut self, k: usize) -> bool {
        let k = k & 31;
        let (b, k1, k2) = entry(k);
        let a = closure(self.cands[k]);
        if a == 0 {
            return false;
        }
        // `s`: the digit's cells alone in their row, placed ones included (no other digit has
        // a placed cell, so clearing it again changes nothing, and leaving out the load of
        // `open_cells` shortens the chain: 1 % faster). Natively without a branch: whether a
        // row turns single is hard to predict, and with no new single the clear is a no-op.
        // The list in wasm skips the band's nine words when no cell is newly single (45 % of
        // the updates): V8 runs the branch faster than the nine loads, stores and marks
        // (headless Chromium, count <= 2, µs per puzzle: top1465 10.7 -> 9.8, forum-hardest
        // sample 80.6 -> 66.1, 17-clue sample 2.55 -> 2.30), while natively the branch, taken
        // about half the time, costs more than the words (17-clue 1.69 -> 1.89, top1465 7.50
        // -> 8.12).
        let s = a & single_row_cells(a);
        let mut changed = 0;
        if !(LISTED && cfg!(target_arch = "wasm32")) || s & self.open_cells[b] != 0 {
            self.open_cells[b] &= !s;
            let mut band = 0;
            for j in 0..9 {
                let i = ix(b, j) & 31;
                let old = self.cands[i];
                self.cands[i] = old & !s;
                band |= u32::from(old & s != 0) << (3 * j);
            }
            changed = band << b;
        }
        self.cands[k] = a;
        let locked = LOCKED_COLS[columns(a) as usize];
        let (o1, o2) = (self.cands[k1], self.cands[k2]);
        let (n1, n2) = (o1 & !locked, o2 & !locked);
        self.cands[k1] = n1;
        self.cands[k2] = n2;
        if LISTED {
            let dirty = (self.dirty | changed) & !(1 << k);
            self.dirty = dirty | u32::from(n1 != o1) << k1 | u32::from(n2 != o2) << k2;
        } else {
            self.seen[k] = a;
        }
        true
    }

    /// Whether every cell holds a placed digit.
    #[inline(always)]
    fn solved(&self) -> bool {
        self.open_cells[0] | self.open_cells[1] | self.open_cells[2] == 0
    }

    /// The 81 digits of a solved state (each cell in exactly one digit's word).
    ///
    /// Bit-sliced, the reverse of `value_words` in [`crate::solve`]: per band, four planes
    /// hold bit `j` of each cell's digit, and each plane is spread eight cells at a time to
    /// one bit per byte by a multiplication: no loop over each word's cells, with a store per
    /// cell (the first solution's cost matters where the search is short).
    fn grid(&self) -> [u8; 81] {
        // Eight cells at a time from each band's first cell: a band's last write runs 5 bytes
        // into the next band, which overwrites them, and the last band's into the 7 spare.
        let mut g = [0u8; 88];
        for b in 0..3 {
            let mut planes = [0u32; 4];
            for d in 0..9 {
                let w = self.cands[ix(b, d)];
                for (j, plane) in planes.iter_mut().enumerate() {
                    if (d + 1) >> j & 1 != 0 {
                        *plane |= w;
                    }
                }
            }
            for q in 0..4 {
                let mut bytes = 0u64;
                for (j, &plane) in planes.iter().enumerate() {
                    bytes |= spread(plane >> (8 * q) & 0xff) << j;
                }
                let at = 27 * b + 8 * q;
                g[at..at + 8].copy_from_slice(&bytes.to_le_bytes());
            }
        }
        let mut out = [0u8; 81];
        out.copy_from_slice(&g[..81]);
        out
    }

    /// Naked singles and the branching cell.
    ///
    /// Counts per cell, with bit-parallel "seen once / twice / three times" words, how many
    /// digits it may hold. Places every open cell with one digit and returns `Scan::Progress`;
    /// a cell with none is a contradiction; otherwise, after column claiming, the triads and
    /// the band split (unless `lean`), returns a cell with two digits, or failing that the
    /// open cell with the fewest.
    #[inline(always)]
    fn scan(&mut self, lean: bool) -> Scan {
        let mut progress = false;
        let mut twos = [0u32; 3];
        for b in 0..3 {
            let mut once = 0u32;
            let mut twice = 0u32;
            let mut thrice = 0u32;
            for d in 0..9 {
                let m = self.cands[ix(b, d)];
                thrice |= twice & m;
                twice |= once & m;
                once |= m;
            }
            if once != BAND {
                return Scan::Dead;
            }
            let singles = once & !twice & self.open_cells[b];
            if singles != 0 {
                progress = true;
                for d in 0..9 {
                    let k = ix(b, d);
                    let mut x = self.cands[k] & singles;
                    while x != 0 {
                        let c = x & x.wrapping_neg();
                        x &= x - 1;
                        self.place(k, c);
                    }
                }
            } else if !progress {
                twos[b] = twice & !thrice & self.open_cells[b];
            }
        }
        if progress {
            return Scan::Progress;
        }
        if !lean {
            match self.claim_columns() {
                Some(true) => return Scan::Progress,
                Some(false) => {}
                None => return Scan::Dead,
            }
            let open: u32 = self.open_cells.iter().map(|o| o.count_ones()).sum();
            match if open >= TRIADS_FROM { self.triads() } else { Some(false) } {
                Some(true) => return Scan::Progress,
                Some(false) => {}
                None => return Scan::Dead,
            }
            if let Some((k, keep, drop)) = self.split() {
                return Scan::Split(k, keep, drop);
            }
        }
        match self.pair_cell(twos) {
            Some((b, c)) => Scan::Branch(b, c),
            None => self.fewest(),
        }
    }

    /// The fallback branching cell: the last one with two candidates in the band with the
    /// most open cells (`twos`: per band, the open cells with two candidates).
    fn pair_cell(&self, twos: [u32; 3]) -> Option<(usize, u32)> {
        let mut best: Option<(usize, u32, u32)> = None;
        for (b, &two) in twos.iter().enumerate() {
            let n = self.open_cells[b].count_ones();
            if two != 0 && best.is_none_or(|(_, _, m)| n > m) {
                best = Some((b, 1 << (31 - two.leading_zeros()), n));
            }
        }
        best.map(|(b, c, _)| (b, c))
    }

    /// The branching choice, after the idea of tdoku (branch on how a digit sits in a band,
    /// not on a cell): in the band with the fewest open cells, the digit with the fewest
    /// row-to-box permutations left (at least 2); its row with the fewest boxes left, and the
    /// first of those boxes. Returns the entry, the cells to keep in the trial (the rest of
    /// that row loses the digit) and the cells to remove after (that row's part of that box);
    /// `None` when every digit of that band is fixed to its mini-rows (then a cell is chosen).
    ///
    /// Measured against always branching on a two-candidate cell, guesses per puzzle when
    /// counting to 2: forum-hardest-1106 232 → 150, forum-hardest-1905-11plus-5000 120 → 81,
    /// top1465 14.4 → 13.6, serg-multi-2000 6.4 → 6.5. Tried and dropped: choosing the band by
    /// its digits' mini-rows or permutations left (fewer guesses on forum-hardest-1106, more
    /// elsewhere, and slower to choose), stacks as well as bands (a few % fewer guesses, more
    /// time), the band with the most open cells (twice the guesses). (These counts are from
    /// before the triads.) Tried again with the triads (run in every state then) and dropped:
    /// the band with the fewest permutations left over its nine digits (forum-hardest-1106
    /// 131 → 118 guesses, top1465 9.8 → 9.3, but forum-hardest-1905-11plus-5000 71 → 77 and
    /// 20 % slower there).
    #[inline(never)]
    fn split(&self) -> Option<(usize, u32, u32)> {
        let mut best: Option<(u32, usize)> = None;
        for b in 0..3 {
            let o = self.open_cells[b].count_ones();
            if o > 0 && best.is_none_or(|(m, _)| o < m) {
                best = Some((o, b));
            }
        }
        let (_, b) = best?;
        let mut digit: Option<(u8, usize, u32)> = None;
        for d in 0..9 {
            let k = ix(b, d);
            let i = mini_rows(self.cands[k & 31]);
            let n = PERM_COUNT[i as usize];
            if n >= 2 && digit.is_none_or(|(m, ..)| n < m) {
                digit = Some((n, k, i));
                if n == 2 {
                    // No digit has fewer, and a tie keeps the first.
                    break;
                }
            }
        }
        let (_, k, i) = digit?;
        let mut line = (4, 0u32, 0u32);
        for r in 0..3 {
            let boxes = (i >> (3 * r)) & 7;
            let n = boxes.count_ones();
            if n > 1 && n < line.0 {
                line = (n, r, boxes.trailing_zeros());
            }
        }
        let (_, r, x) = line;
        let part = 0o7 << (9 * r + 3 * x);
        let row = 0x1ff << (9 * r);
        Some((k, !(row & !part), part))
    }

    /// Column claiming, done only before a guess: a column where only one band may hold a
    /// digit keeps it, inside that band, to its box (the box's digit lies in that column).
    /// `Some(true)` when something was removed, `None` when a column has no place for a digit.
    fn claim_columns(&mut self) -> Option<bool> {
        // The entries this changes: marked for the list, and whether there are any is the answer.
        let mut marks = 0;
        for d in 0..9 {
            let (a0, a1, a2) = (self.cands[ix(0, d)], self.cands[ix(1, d)], self.cands[ix(2, d)]);
            let (p0, p1, p2) = (columns(a0), columns(a1), columns(a2));
            if p0 | p1 | p2 != 0x1ff {
                return None;
            }
            let n0 = a0 & CLAIM[(p0 & !(p1 | p2)) as usize];
            let n1 = a1 & CLAIM[(p1 & !(p0 | p2)) as usize];
            let n2 = a2 & CLAIM[(p2 & !(p0 | p1)) as usize];
            marks |= u32::from(n0 != a0) << ix(0, d)
                | u32::from(n1 != a1) << ix(1, d)
                | u32::from(n2 != a2) << ix(2, d);
            self.cands[ix(0, d)] = n0;
            self.cands[ix(1, d)] = n1;
            self.cands[ix(2, d)] = n2;
        }
        self.dirty |= marks;
        Some(marks != 0)
    }

    /// Triads (after tdoku's idea; its code is not used), done only before a guess in a state
    /// with many open cells (see [`TRIADS_FROM`]). The three cells of a mini-row (a row inside
    /// a box) hold three different digits, and so do those of a mini-column. A mini-row or
    /// mini-column where fewer than three digits may be is a contradiction, and so is one
    /// where more than three must be; one where exactly three may be holds them (each loses the
    /// rest of its row and of its box in the band, or the rest of its box in the band and its
    /// column in the other bands); one where exactly three must be holds no other digit. A
    /// digit must be in a mini-row when its row of the band has no other box for it, and in a
    /// mini-column when its box has no other column for it or its column no other band.
    /// `Some(true)` when something was removed, `None` on a contradiction.
    ///
    /// All 27 mini-rows (and mini-columns) are done at once, bit-parallel, over words of the
    /// nine digits (see [`triad_words`]). Every rule reads the state as it was on entry (a
    /// superset of what is true), which keeps each sound whatever the others remove.
    ///
    /// Measured (count ≤ 2, one core, medians of 7 alternating runs), guesses per puzzle and
    /// time against no triads: top1465 13.6 → 10.7, 8.41 → 7.46 µs; 17-clue 0.92 → 0.71,
    /// 1.63 → 1.58 µs; forum-hardest-1106 150 → 138, 71.1 → 71.6 µs; serg-multi-2000 and
    /// forum-hardest-1905-11plus-5000 within 1 %. Run in every state before a guess they cut
    /// the guesses further (top1465 9.8, forum-hardest-1106 131) but cost more than that
    /// saves on the hard sets, and 20 % on serg-multi-2000.
    #[inline(never)]
    fn triads(&mut self) -> Option<bool> {
        let mut rows = [0u32; 9];
        let mut cols = [0u32; 9];
        for d in 0..9 {
            let (c0, c1, c2) = (self.cands[ix(0, d)], self.cands[ix(1, d)], self.cands[ix(2, d)]);
            (rows[d], cols[d]) = triad_words(c0, c1, c2);
        }
        let must_row = |w: u32| w & !others_in_row(w);
        let must_col = |w: u32| w & !(others_in_box(w) & others_in_column(w));
        let row_kill = |forced: u32| others_in_row(forced) | others_in_column(forced);
        let col_kill = |forced: u32| others_in_box(forced) | others_in_column(forced);
        let kr = three_in_each(&rows, must_row, row_kill)?;
        let kc = three_in_each(&cols, must_col, col_kill)?;
        let mut marks = 0;
        for d in 0..9 {
            if kr[d] | kc[d] == 0 {
                continue;
            }
            for b in 0..3 {
                let k = ix(b, d) & 31;
                // A mini-row bit becomes its three cells; a column bit, its cell in each row.
                let minis = ((kr[d] >> b) & SPACED) * 7;
                let c = (kc[d] >> (9 * b)) & 0x1ff;
                let cells = minis | c | c << 9 | c << 18;
                if self.cands[k] & cells != 0 {
                    self.cands[k] &= !cells;
                    marks |= 1 << k;
                }
            }
        }
        self.dirty |= marks;
        Some(marks != 0)
    }

    /// The open cell with the fewest candidates (the slow path when no cell has two).
    #[cold]
    fn fewest(&self) -> Scan {
        let mut best = None;
        let mut best_n = u32::MAX;
        for b in 0..3 {
            let mut open = self.open_cells[b];
            while open != 0 {
                let c = open & open.wrapping_neg();
                open &= open - 1;
                let n: u32 = (0..9).map(|d| u32::from(self.cands[ix(b, d)] & c != 0)).sum();
                if n < best_n {
                    best_n = n;
                    best = Some((b, c));
                }
            }
        }
        match best {
            Some((b, c)) => Scan::Branch(b, c),
            None => Scan::Dead,
        }
    }
}

/// The fewest open cells at which [`State::triads`] runs before a guess. They find something
/// in a fifth to a third of the states with 50 or more open cells (top1465, forum-hardest-1106),
/// and in about a tenth or less of those with fewer than 35, where they cost more time than the
/// guesses they save (measured,
/// count ≤ 2, against running them always: top1465 about the same time, forum-hardest-1106
/// 2 % faster, serg-multi-2000 16 % faster).
const TRIADS_FROM: u32 = 50;

/// The fewest givens at which a puzzle's search is lean (see [`Search::lean`]): it branches on a
/// two-candidate cell as soon as nothing is left to place. With this many givens the search is
/// short and those rules rarely find anything, while sparse puzzles need them (on the hard
/// sets they halve the guesses).
///
/// Measured (count ≤ 2, µs per puzzle, one core, medians of 5 alternating 1-s runs against a
/// build with this at 82, i.e. never lean; the sets from `solve_speed FILE subset|topup N`):
/// serg-multi-2000 (34–35 givens, several solutions each) 1.68 → 1.43; 32 and 35 cells of
/// each top1465 solution (nearly all with several solutions) 1.30 → 1.15 and 0.95 → 0.85;
/// unique puzzles, top1465 and forum-hardest-1905-11plus-5000 topped up from their solution
/// to 32 givens 0.60 → 0.60 and 0.76 → 0.77, to 35 0.46 → 0.45 and 0.52 → 0.53; the 126
/// puzzles with 30 or more givens of the other corpora 0.73 → 0.75. At 30 givens lean would
/// still pay on several solutions (1.57 → 1.37) but cost the topped-up hard set 7 % (1.20 →
/// 1.29); the sets without such puzzles (17-clue, top1465, the forum's hardest) are unchanged.
pub(super) const LEAN_FROM_GIVENS: u32 = 32;

/// Bit 0 of each of the eight bytes of `x`, as eight bits: byte `i`'s becomes bit `i` (the
/// reverse of [`spread`]; how [`crate::solve`] reads values into band words).
#[inline(always)]
pub(super) fn gather(x: u64) -> u32 {
    // Each byte's bit 0 is moved to bit 56 + i; the products land on distinct bits, so no carry.
    ((x & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The eight bits of `x` (below 256) one per byte: bit `i` becomes byte `i`'s bit 0.
#[inline(always)]
fn spread(x: u32) -> u64 {
    // Eight copies of the byte (no overlap, so no carry), each keeping its own bit `i`; adding
    // 0x7f to a byte sets its top bit exactly when that bit was there (at most 0x80 + 0x7f: no
    // carry into the next byte).
    let copies = (u64::from(x) * 0x0101_0101_0101_0101) & 0x8040_2010_0804_0201;
    ((copies + 0x7f7f_7f7f_7f7f_7f7f) & 0x8080_8080_8080_8080) >> 7
}

/// Bit 0 of every group of three bits in 27.
const SPACED: u32 = 0o111_111_111;

/// A digit's two triad words over its three band words `c0`, `c1`, `c2`.
///
/// - Mini-rows: bit `9 * r + 3 * x + b` when row `r` of band `b` may hold the digit in box `x`
///   (so a band's mini-rows sit every third bit, and the three bands side by side).
/// - Mini-columns: bit `9 * b + c` when column `c` may hold it in band `b`.
#[inline(always)]
fn triad_words(c0: u32, c1: u32, c2: u32) -> (u32, u32) {
    let minis = |w: u32| (w | w >> 1 | w >> 2) & SPACED;
    (
        minis(c0) | minis(c1) << 1 | minis(c2) << 2,
        columns(c0) | columns(c1) << 9 | columns(c2) << 18,
    )
}

/// In a mini-row word: the positions whose row (same band) has a bit in another box.
#[inline(always)]
fn others_in_row(w: u32) -> u32 {
    // Rotate each 9-bit row block by one box (3 bits) and by two.
    let a = ((w >> 3) & 0o077_077_077) | ((w << 6) & 0o700_700_700);
    let b = ((w >> 6) & 0o007_007_007) | ((w << 3) & 0o770_770_770);
    a | b
}

/// In a mini-column word: the positions whose box (same band) has a bit in another column.
#[inline(always)]
fn others_in_box(w: u32) -> u32 {
    let a = ((w >> 1) & (SPACED | SPACED << 1)) | ((w << 2) & (SPACED << 2));
    let b = ((w >> 2) & SPACED) | ((w << 1) & (SPACED << 1 | SPACED << 2));
    a | b
}

/// In either word: the positions with a bit 9 or 18 places away (in a mini-row word, the same
/// box of the band in another row; in a mini-column word, the same column in another band).
#[inline(always)]
fn others_in_column(w: u32) -> u32 {
    (w << 9 | w >> 18 | w << 18 | w >> 9) & BAND
}

/// The triad rules over one kind of word (the nine digits' mini-rows or mini-columns): the
/// positions each digit loses, or `None` on a contradiction. `must` gives the positions where
/// a word's digit must be, `kill` what a digit forced to some positions loses.
#[inline(always)]
fn three_in_each(
    words: &[u32; 9],
    must: impl Fn(u32) -> u32,
    kill: impl Fn(u32) -> u32,
) -> Option<[u32; 9]> {
    let (mut p1, mut p2, mut p3, mut p4) = (0u32, 0u32, 0u32, 0u32);
    let (mut m1, mut m2, mut m3, mut m4) = (0u32, 0u32, 0u32, 0u32);
    let mut musts = [0u32; 9];
    for (d, &p) in words.iter().enumerate() {
        let m = must(p);
        musts[d] = m;
        p4 |= p3 & p;
        p3 |= p2 & p;
        p2 |= p1 & p;
        p1 |= p;
        m4 |= m3 & m;
        m3 |= m2 & m;
        m2 |= m1 & m;
        m1 |= m;
    }
    if p3 != BAND || m4 != 0 {
        return None;
    }
    let three_may = !p4 & BAND;
    let mut out = [0u32; 9];
    for d in 0..9 {
        let loose = words[d] & !musts[d];
        out[d] = (loose & m3) | kill(loose & three_may);
    }
    Some(out)
}

/// For each entry `k = ix(b, d)`: its band, and the entries of the same digit in the other two
/// bands.
const ENTRY: [(u8, u8, u8); 32] = {
    let mut t = [(0u8, 0u8, 0u8); 32];
    let mut k = 0;
    while k < 27 {
        let (b, d) = (k % 3, k / 3);
        t[k] = (b as u8, ix((b + 1) % 3, d) as u8, ix((b + 2) % 3, d) as u8);
        k += 1;
    }
    t
};

/// Entry `k`'s band, and the entries of the same digit in the other two bands (from
/// [`ENTRY`]; folded to constants where `k` is one, as in the sweeps' updates).
///
/// The band is masked to two bits: then `ix(b, j)` is at most 27, so a band's nine words need no
/// index mask and are addressed as one base plus constant offsets (the list's updates, natively,
/// count <= 2, µs per puzzle: 17-clue 1.94 -> 1.70, top1465 8.08 -> 7.41, forum-hardest-1106
/// 80.0 -> 78.8).
#[inline(always)]
fn entry(k: usize) -> (usize, usize, usize) {
    let (b, k1, k2) = ENTRY[k & 31];
    (usize::from(b) & 3, usize::from(k1) & 31, usize::from(k2) & 31)
}

/// What [`State::scan`] found.
enum Scan {
    /// A contradiction.
    Dead,
    /// Singles were placed; propagate again.
    Progress,
    /// Branch on the cell with bit `c` of band `b`.
    Branch(usize, u32),
    /// Split on entry `k`: first keep only the cells `keep`, then remove the cells `drop`.
    Split(usize, u32, u32),
}

impl Search<'_> {
    /// Explores `st` depth-first, adding its solutions until the limit is reached (or the stop
    /// check says to stop: the limit then drops to the count, so every level returns).
    pub(super) fn run(&mut self, st: &mut State) {
        loop {
            // Sweeps until the first guess, when every word is new (all 27 at the start), and
            // in a lean search; the list after that. Natively the first propagation takes the
            // same time either way, but in wasm the sweeps' functions with constant indexes
            // run it faster (headless Chromium, count <= 2, fastest of 6 alternating runs, µs
            // per puzzle: 17-clue sample 2.33 -> 2.09, top1465 9.80 -> 9.61, forum-hardest
            // sample 65.8 -> 65.4; sweeping for the first 2, 8 or 32 guesses, no better).
            let consistent =
                if self.lean || self.guesses == 0 { st.propagate() } else { st.propagate_listed() };
            if !consistent {
                return;
            }
            if st.solved() {
                self.count += 1;
                if self.solutions.len() < self.keep {
                    self.solutions.push(st.grid());
                }
                if self.count % STOP_EVERY == 0 && self.stop.is_some_and(|stop| stop()) {
                    self.stopped = true;
                    self.limit = self.count;
                }
                return;
            }
            match st.scan(self.lean) {
                Scan::Dead => return,
                Scan::Progress => {}
                Scan::Split(k, keep, drop) => {
                    self.guesses += 1;
                    let mut child = st.child(self.lean);
                    child.restrict(k, keep);
                    self.run(&mut child);
                    if self.count >= self.limit {
                        return;
                    }
                    st.restrict(k, !drop);
                }
                Scan::Branch(b, c) => {
                    // Try every digit of the cell but the last in a copy; after each failure
                    // (or success) the digit is removed, and the last one, forced, is placed
                    // (below). Every entry stored, the count advanced by the test: no branch per
                    // digit (cachegrind: 9 % fewer mispredicted branches on the hardest).
                    // 16 entries, so the masked index needs no bounds check.
                    let mut entries = [0usize; 16];
                    let mut n = 0;
                    for d in 0..9 {
                        let k = ix(b, d);
                        entries[n & 15] = k;
                        n += usize::from(st.cands[k] & c != 0);
                    }
                    for &k in &entries[..n.saturating_sub(1)] {
                        self.guesses += 1;
                        let mut child = st.child(self.lean);
                        child.place(k, c);
                        self.run(&mut child);
                        if self.count >= self.limit {
                            return;
                        }
                        st.eliminate(k, c);
                    }
                    // The last digit is all the cell has left: placed here as a guess's
                    // digit is (the rest of its row loses it), so the next propagation
                    // finishes the placement, rather than a scan finding the single and a
                    // second round of propagation and scan (the same tree; cachegrind on
                    // forum-hardest-1106: 1.3 % fewer instructions, 5 % fewer branches, 4 %
                    // fewer mispredicted; count <= 2 2–3 % faster there). Sound even if
                    // the cell had no digit left (it cannot, after the scan): the row then
                    // loses the digit, a contradiction.
                    st.place(entries[n.saturating_sub(1) & 15], c);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Band 0's cells of row `r` (0–2) in the boxes `boxes` (3 bits).
    fn row_boxes(r: u32, boxes: u32) -> u32 {
        (0..3).filter(|x| boxes & (1 << x) != 0).map(|x| 0o7 << (9 * r + 3 * x)).sum()
    }

    /// A state where digit `d + 1` may be in the cells `band0[d]` of band 0 and anywhere in
    /// bands 1 and 2, nothing placed.
    fn state(band0: [u32; 9]) -> State {
        let mut cands = [BAND; 27];
        for (d, &m) in band0.iter().enumerate() {
            cands[ix(0, d)] = m;
        }
        State::new(&cands, &[0; 27])
    }

    /// `triads` on `st`, with the words that changed as (`9 * band + digit`, cells removed).
    fn run_triads(mut st: State) -> Option<Vec<(usize, u32)>> {
        let before = st.cands;
        let changed = st.triads()?;
        let removed: Vec<(usize, u32)> = (0..27)
            .map(|i| (i, ix(i / 9, i % 9)))
            .filter(|&(_, k)| st.cands[k] != before[k])
            .map(|(i, k)| (i, before[k] & !st.cands[k]))
            .collect();
        assert!((0..27).all(|k| st.cands[k] & !before[k] == 0), "only removes");
        assert_eq!(changed, !removed.is_empty());
        Some(removed)
    }

    #[test]
    fn spread_and_gather_move_each_bit_to_its_own_byte_and_back() {
        for x in 0..256u32 {
            let mut want = [0u8; 8];
            for (i, byte) in want.iter_mut().enumerate() {
                *byte = (x >> i & 1) as u8;
            }
            assert_eq!(spread(x).to_le_bytes(), want, "{x:#010b}");
            // Only bit 0 of each byte counts: the other bits are set here and must be ignored.
            assert_eq!(gather(u64::from_le_bytes(want) | 0xfefe_fefe_fefe_fefe), x, "{x:#010b}");
        }
    }

    #[test]
    fn a_solved_state_gives_back_its_grid() {
        // Solutions from another solver's test data (the `sudoku` crate's, see SOURCES.md), read
        // into band words and written out again.
        let text = concat!(
            include_str!("../../tests/data/solver/lines-easy-solutions.txt"),
            "\n",
            include_str!("../../tests/data/solver/lines-medium-solutions.txt"),
            "\n",
            include_str!("../../tests/data/solver/lines-hard-solutions.txt"),
        );
        let mut n = 0;
        for line in text.lines().filter(|l| !l.trim().is_empty()) {
            let grid: [u8; 81] = std::array::from_fn(|i| line.as_bytes()[i] - b'0');
            let (st, givens) = crate::solve::values_state(&grid);
            assert_eq!(givens, 81, "{line}");
            assert_eq!(st.grid(), grid, "{line}");
            n += 1;
        }
        assert_eq!(n, 81);
    }

    #[test]
    fn nothing_to_find_in_an_open_grid() {
        assert_eq!(run_triads(state([BAND; 9])), Some(vec![]));
    }

    #[test]
    fn three_digits_that_must_be_in_a_mini_row_keep_the_others_out() {
        // Digits 1-3 have row 1 of band 0 in box 1 only (and rows 2-3 outside box 1).
        let forced = row_boxes(0, 0b001) | row_boxes(1, 0b110) | row_boxes(2, 0b110);
        let mut band0 = [BAND; 9];
        band0[..3].fill(forced);
        let removed = run_triads(state(band0)).expect("no contradiction");
        // Digits 4-9 lose r1c1-r1c3.
        assert_eq!(removed, (3..9).map(|d| (d, 0o7)).collect::<Vec<_>>());
    }

    #[test]
    fn three_digits_alone_able_to_fill_a_mini_row_leave_its_row_and_box() {
        // Only digits 1-3 may be in r1c1-r1c3.
        let mut band0 = [BAND & !0o7; 9];
        band0[..3].fill(BAND);
        let removed = run_triads(state(band0)).expect("no contradiction");
        // Each loses the rest of row 1 and the rest of box 1.
        let rest = row_boxes(0, 0b110) | row_boxes(1, 0b001) | row_boxes(2, 0b001);
        assert_eq!(removed, vec![(0, rest), (1, rest), (2, rest)]);
    }

    #[test]
    fn three_digits_alone_able_to_fill_a_mini_column_leave_its_box_and_column() {
        // Only digits 1-3 may be in r1c1, r2c1, r3c1 (bits 0, 9, 18 of band 0).
        let col1 = 1 | 1 << 9 | 1 << 18;
        let mut band0 = [BAND & !col1; 9];
        band0[..3].fill(BAND);
        let removed = run_triads(state(band0)).expect("no contradiction");
        // Each loses columns 2-3 of box 1, and column 1 in bands 2 and 3.
        let mut want = vec![];
        for d in 0..3 {
            want.push((d, col1 * 0b110));
        }
        for d in 0..3 {
            want.push((9 + d, col1));
        }
        for d in 0..3 {
            want.push((18 + d, col1));
        }
        want.sort();
        assert_eq!(removed, want);
    }

    #[test]
    fn three_digits_that_must_be_in_a_mini_column_keep_the_others_out() {
        let col1 = 1 | 1 << 9 | 1 << 18;
        // Digits 1-3 have box 1 in column 1 only; digits 4-5 have column 1 in band 0 only
        // (nowhere in it in bands 1 and 2), so they must be in it too: five, a contradiction.
        let forced = BAND & !(col1 * 0b110);
        let mut band0 = [BAND; 9];
        band0[..3].fill(forced);
        let removed = run_triads(state(band0)).expect("no contradiction");
        // Digits 4-9 lose r1c1, r2c1, r3c1.
        assert_eq!(removed, (3..9).map(|d| (d, col1)).collect::<Vec<_>>());
        let mut cands = [BAND; 27];
        for d in 0..3 {
            cands[ix(0, d)] = forced;
        }
        for d in 3..5 {
            cands[ix(1, d)] &= !col1;
            cands[ix(2, d)] &= !col1;
        }
        assert_eq!(run_triads(State::new(&cands, &[0; 27])), None);
    }

    #[test]
    fn a_mini_row_with_room_for_two_digits_is_a_contradiction() {
        let mut band0 = [BAND & !0o7; 9];
        band0[..2].fill(BAND);
        assert_eq!(run_triads(state(band0)), None);
    }

    /// What a search from `values` finds, counting up to `limit` and keeping every solution
    /// (sorted), lean or not.
    fn search(values: &[u8; 81], limit: usize, lean: bool) -> crate::solve::Count {
        let (st, _) = crate::solve::values_state(values);
        let mut found = crate::solve::search(st, lean, limit, limit, None);
        found.solutions.sort_unstable();
        found
    }

    #[test]
    fn a_lean_search_finds_the_same_solutions() {
        // serg-multi-200 (34-35 givens, several solutions each), as they are and with their
        // first 4, 8 or 12 givens removed (so down to 22 givens and many more solutions).
        let text = include_str!("../../tests/data/corpora/serg-multi-200.txt");
        let (mut runs, mut other_tree) = (0, 0);
        for line in text.lines().filter(|l| !l.is_empty() && !l.starts_with('#')) {
            let values = *crate::format::parse(line).expect("a puzzle").values();
            let givens = values.iter().filter(|&&v| v != 0).count();
            assert_eq!(crate::solve::values_state(&values).1 as usize, givens, "{line}");
            assert!(givens as u32 >= LEAN_FROM_GIVENS, "{line}");
            for cut in [0, 4, 8, 12] {
                let mut v = values;
                for i in (0..81).filter(|&i| values[i] != 0).take(cut) {
                    v[i] = 0;
                }
                let (full, lean) = (search(&v, 100, false), search(&v, 100, true));
                assert_eq!(full.count, lean.count, "{line} less {cut}");
                assert!(full.count >= 2, "{line} less {cut}");
                if full.count < 100 {
                    assert_eq!(full.solutions, lean.solutions, "{line} less {cut}");
                }
                runs += 1;
                other_tree += usize::from(full.guesses != lean.guesses);
            }
        }
        assert_eq!(runs, 800);
        // Not the same search: the rules it leaves out change the tree.
        assert!(other_tree > 100, "{other_tree} of {runs} with other guesses");
    }

    #[test]
    fn sweeps_and_the_list_reach_the_same_fixpoint() {
        // From the givens of top1465 and serg-multi-200, then after each of up to 6 trial
        // placements of the first open cell's first digit (some wrong: contradictions).
        let top = include_str!("../../tests/data/corpora/top1465.txt");
        let serg = include_str!("../../tests/data/corpora/serg-multi-200.txt");
        let (mut states, mut dead) = (0, 0);
        for line in top.lines().chain(serg.lines()).filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let values = *crate::format::parse(line).expect("a puzzle").values();
            let (mut swept, _) = crate::solve::values_state(&values);
            let mut listed = swept;
            // As the search does: sweeps at the start, the list after that.
            let mut mixed = swept;
            for placed in 0..=6 {
                let ok = swept.propagate();
                assert_eq!(ok, listed.propagate_listed(), "{line}");
                let mixed_ok =
                    if placed == 0 { mixed.propagate() } else { mixed.propagate_listed() };
                assert_eq!(ok, mixed_ok, "{line}");
                if !ok {
                    dead += 1;
                    break;
                }
                assert_eq!((swept.cands, swept.open_cells), (listed.cands, listed.open_cells));
                assert_eq!((mixed.cands, mixed.open_cells), (listed.cands, listed.open_cells));
                // At their fixpoint the sweeps leave no word marked for the list.
                assert_eq!(swept.dirty, 0, "{line}");
                states += 1;
                if placed == 6 {
                    break;
                }
                let Some(b) = (0..3).find(|&b| swept.open_cells[b] != 0) else { break };
                let c = swept.open_cells[b] & swept.open_cells[b].wrapping_neg();
                // An open cell left with no digit: a contradiction the scan would find.
                let Some(d) = (0..9).find(|&d| swept.cands[ix(b, d)] & c != 0) else {
                    dead += 1;
                    break;
                };
                swept.place(ix(b, d), c);
                listed.place(ix(b, d), c);
                mixed.place(ix(b, d), c);
            }
        }
        assert!(states > 5000 && dead > 100, "{states} states, {dead} contradictions");
    }

    #[test]
    fn triads_keep_every_solution_digit_of_the_corpus() {
        // All of top1465: wherever the search state is before a guess, the
        // triads leave each solution digit in place, and they remove something in many.
        let text = include_str!("../../tests/data/corpora/top1465.txt");
        let mut found = 0;
        let puzzles = text.lines().filter(|l| !l.is_empty() && !l.starts_with('#'));
        let mut count = 0;
        for line in puzzles {
            count += 1;
            let values = *crate::format::parse(line).expect("a puzzle").values();
            let solution = crate::solve::count_values(&values, 1).solutions[0];
            let (mut st, _) = crate::solve::values_state(&values);
            let keeps_solution = |st: &State| {
                solution
                    .iter()
                    .enumerate()
                    .all(|(i, &s)| st.cands[ix(i / 27, usize::from(s) - 1)] & 1 << (i % 27) != 0)
            };
            // Down the path to the solution: propagation and singles (and triads, with many
            // cells open), then triads again however few are open; where they find nothing,
            // the solution's digit is placed in the first open cell.
            loop {
                assert!(st.propagate() && keeps_solution(&st), "{line}");
                if st.solved() {
                    break;
                }
                match st.scan(false) {
                    Scan::Progress => continue,
                    Scan::Dead => panic!("{line}: a contradiction"),
                    Scan::Split(..) | Scan::Branch(..) => {}
                }
                assert!(keeps_solution(&st), "{line}");
                if st.triads().expect("no contradiction") {
                    found += 1;
                    assert!(keeps_solution(&st), "{line}");
                } else {
                    let b = (0..3).find(|&b| st.open_cells[b] != 0).expect("an open cell");
                    let i = st.open_cells[b].trailing_zeros() as usize;
                    st.place(ix(b, usize::from(solution[27 * b + i]) - 1), 1 << i);
                }
            }
        }
        assert_eq!(count, 1465);
        assert!(found > 100, "triads found something {found} times");
    }
}
