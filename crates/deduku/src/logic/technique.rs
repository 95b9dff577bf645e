//! The technique catalogue (`../shared/docs/techniques.md`): stable IDs, display names, tiers,
//! reference ratings, and the default order.

use std::fmt;

use crate::grid::bit128;

/// The family (module) a technique belongs to; one module of `logic` per family.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub enum Family {
    /// Full house, hidden and naked singles.
    Singles,
    /// Locked candidates (pointing, claiming).
    Intersections,
    /// Naked and hidden subsets, locked pairs/triples, unit permutation.
    Subsets,
    /// Basic, finned, sashimi, Franken and mutant fish.
    Fish,
    /// Skyscraper, 2-string kite, turbot fish, empty rectangle.
    SingleDigit,
    /// XY-, XYZ-, W-, WXYZ-wing, remote pair.
    Wings,
    /// Simple colors and multi colors.
    Coloring,
    /// Unique and avoidable rectangles, BUG+1.
    Uniqueness,
    /// X-chains, XY-chains, nice loops and AICs (grouped too).
    Chains,
    /// Almost locked sets, sue de coq, aligned pair exclusion.
    Als,
    /// Forcing chains and nets, kraken fish.
    Forcing,
    /// Template set and delete (pattern overlay).
    Templates,
    /// Brute force.
    LastResort,
}

macro_rules! techniques {
    ($( $(#[$doc:meta])* $v:ident = $id:literal, $name:literal, $tier:literal, $fam:ident, $se:literal, $score:literal; )*) => {
        /// Every technique Deduku knows, in default order (easiest first).
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
        pub enum Technique {
            $( $(#[$doc])* $v, )*
        }

        impl Technique {
            /// All techniques in default order.
            pub const ALL: &'static [Technique] = &[$(Technique::$v),*];

            /// The stable ID (`hidden-single`).
            pub const fn id(self) -> &'static str {
                match self { $(Technique::$v => $id,)* }
            }
            /// The display name (`Hidden Single`).
            pub const fn name(self) -> &'static str {
                match self { $(Technique::$v => $name,)* }
            }
            /// Tier 1–4 (basic, intermediate, advanced, extreme).
            pub const fn tier(self) -> u8 {
                match self { $(Technique::$v => $tier,)* }
            }
            /// The module that finds it.
            pub const fn family(self) -> Family {
                match self { $(Technique::$v => Family::$fam,)* }
            }
            /// Base SE-style rating of one step (before length adjustments).
            pub const fn se_base(self) -> f32 {
                match self { $(Technique::$v => $se,)* }
            }
            /// HoDoKu-style score of one step (summed over a path and reported; the level comes
            /// from the hardest technique's tier, see `rate::level_of`).
            pub const fn score(self) -> u32 {
                match self { $(Technique::$v => $score,)* }
            }
        }
    };
}

techniques! {
    // Tier 1
    /// Last empty cell of a house.
    FullHouse = "full-house", "Full House", 1, Singles, 1.0, 4;
    /// The only place for a digit in a house.
    HiddenSingle = "hidden-single", "Hidden Single", 1, Singles, 1.2, 14;
    /// The only candidate of a cell.
    NakedSingle = "naked-single", "Naked Single", 1, Singles, 2.3, 4;
    /// A box's candidates of a digit lie in one line.
    LockedCandidatesPointing = "locked-candidates-pointing", "Locked Candidates Type 1 (Pointing)", 1, Intersections, 2.6, 50;
    /// A line's candidates of a digit lie in one box.
    LockedCandidatesClaiming = "locked-candidates-claiming", "Locked Candidates Type 2 (Claiming)", 1, Intersections, 2.8, 50;
    /// A naked pair inside a box ∩ line.
    LockedPair = "locked-pair", "Locked Pair", 1, Subsets, 2.0, 40;
    /// A naked triple inside a box ∩ line.
    LockedTriple = "locked-triple", "Locked Triple", 1, Subsets, 2.5, 60;
    /// Two cells of a house with the same two candidates.
    NakedPair = "naked-pair", "Naked Pair", 1, Subsets, 3.0, 60;
    /// Three cells of a house with three candidates between them.
    NakedTriple = "naked-triple", "Naked Triple", 1, Subsets, 3.6, 80;
    /// Two digits confined to the same two cells of a house.
    HiddenPair = "hidden-pair", "Hidden Pair", 1, Subsets, 3.4, 70;
    /// Three digits confined to three cells of a house.
    HiddenTriple = "hidden-triple", "Hidden Triple", 1, Subsets, 4.0, 100;
    /// Four cells of a house with four candidates between them.
    NakedQuad = "naked-quad", "Naked Quadruple", 1, Subsets, 5.0, 120;
    /// Four digits confined to four cells of a house.
    HiddenQuad = "hidden-quad", "Hidden Quadruple", 1, Subsets, 5.4, 150;
    /// Candidates that occur in no valid assignment of one house (off the default path).
    UnitPermutation = "unit-permutation", "Unit Permutation Check", 1, Subsets, 5.4, 150;
    // Tier 2
    /// Basic fish of size 2.
    XWing = "x-wing", "X-Wing", 2, Fish, 3.2, 140;
    /// Basic fish of size 3.
    Swordfish = "swordfish", "Swordfish", 2, Fish, 3.8, 150;
    /// Basic fish of size 4.
    Jellyfish = "jellyfish", "Jellyfish", 2, Fish, 5.2, 160;
    /// Two conjugate lines joined at one end.
    Skyscraper = "skyscraper", "Skyscraper", 2, SingleDigit, 4.0, 130;
    /// A conjugate row and column joined in a box.
    TwoStringKite = "two-string-kite", "2-String Kite", 2, SingleDigit, 4.1, 150;
    /// Two strong links joined by a weak one.
    TurbotFish = "turbot-fish", "Turbot Fish", 2, SingleDigit, 4.2, 120;
    /// A box's candidates in a cross, with a conjugate pair.
    EmptyRectangle = "empty-rectangle", "Empty Rectangle", 2, SingleDigit, 4.3, 120;
    /// Pivot xy with pincers xz and yz.
    XyWing = "xy-wing", "XY-Wing", 2, Wings, 4.2, 160;
    /// Pivot xyz with pincers xz and yz.
    XyzWing = "xyz-wing", "XYZ-Wing", 2, Wings, 4.4, 180;
    /// Two equal bivalue cells joined by a strong link.
    WWing = "w-wing", "W-Wing", 2, Wings, 6.6, 150;
    /// A chain of equal bivalue cells.
    RemotePair = "remote-pair", "Remote Pair", 2, Wings, 6.6, 110;
    /// Two colors of one digit; a cell sees both.
    SimpleColorsTrap = "simple-colors-trap", "Simple Colors Trap", 2, Coloring, 4.5, 150;
    /// Two colors of one digit; one color contradicts itself.
    SimpleColorsWrap = "simple-colors-wrap", "Simple Colors Wrap", 2, Coloring, 4.5, 150;
    /// Two color clusters of one digit.
    MultiColors = "multi-colors", "Multi Colors", 2, Coloring, 4.6, 200;
    /// Uniqueness test 1.
    UniqueRectangle1 = "unique-rectangle-1", "Uniqueness Test 1", 2, Uniqueness, 4.5, 100;
    /// Uniqueness test 2.
    UniqueRectangle2 = "unique-rectangle-2", "Uniqueness Test 2", 2, Uniqueness, 4.6, 100;
    /// Uniqueness test 3.
    UniqueRectangle3 = "unique-rectangle-3", "Uniqueness Test 3", 2, Uniqueness, 4.7, 100;
    /// Uniqueness test 4.
    UniqueRectangle4 = "unique-rectangle-4", "Uniqueness Test 4", 2, Uniqueness, 4.6, 100;
    /// Uniqueness test 5.
    UniqueRectangle5 = "unique-rectangle-5", "Uniqueness Test 5", 2, Uniqueness, 4.7, 100;
    /// Uniqueness test 6.
    UniqueRectangle6 = "unique-rectangle-6", "Uniqueness Test 6", 2, Uniqueness, 4.7, 100;
    /// Hidden rectangle.
    HiddenRectangle = "hidden-rectangle", "Hidden Rectangle", 2, Uniqueness, 6.6, 100;
    /// Avoidable rectangle type 1.
    AvoidableRectangle1 = "avoidable-rectangle-1", "Avoidable Rectangle Type 1", 2, Uniqueness, 4.5, 100;
    /// Avoidable rectangle type 2.
    AvoidableRectangle2 = "avoidable-rectangle-2", "Avoidable Rectangle Type 2", 2, Uniqueness, 4.6, 100;
    /// Bivalue universal grave + 1.
    BugPlus1 = "bug-plus-1", "Bivalue Universal Grave + 1", 2, Uniqueness, 5.6, 100;
    /// X-Wing with fins.
    FinnedXWing = "finned-x-wing", "Finned X-Wing", 2, Fish, 3.4, 130;
    /// Swordfish with fins.
    FinnedSwordfish = "finned-swordfish", "Finned Swordfish", 2, Fish, 4.0, 200;
    /// Jellyfish with fins.
    FinnedJellyfish = "finned-jellyfish", "Finned Jellyfish", 2, Fish, 5.4, 240;
    /// Sashimi X-Wing.
    SashimiXWing = "sashimi-x-wing", "Sashimi X-Wing", 2, Fish, 3.5, 150;
    /// Sashimi Swordfish.
    SashimiSwordfish = "sashimi-swordfish", "Sashimi Swordfish", 2, Fish, 4.1, 240;
    /// Sashimi Jellyfish.
    SashimiJellyfish = "sashimi-jellyfish", "Sashimi Jellyfish", 2, Fish, 5.5, 260;
    // Tier 3
    /// Single-digit alternating chain.
    XChain = "x-chain", "X-Chain", 3, Chains, 6.6, 260;
    /// Chain of bivalue cells.
    XyChain = "xy-chain", "XY-Chain", 3, Chains, 6.8, 260;
    /// Continuous nice loop.
    ContinuousNiceLoop = "continuous-nice-loop", "Continuous Nice Loop", 3, Chains, 6.8, 280;
    /// Discontinuous nice loop.
    DiscontinuousNiceLoop = "discontinuous-nice-loop", "Discontinuous Nice Loop", 3, Chains, 7.0, 280;
    /// Alternating inference chain.
    Aic = "aic", "AIC", 3, Chains, 7.0, 280;
    /// Continuous nice loop with grouped nodes.
    GroupedContinuousNiceLoop = "grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", 3, Chains, 6.9, 300;
    /// Discontinuous nice loop with grouped nodes.
    GroupedDiscontinuousNiceLoop = "grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", 3, Chains, 7.1, 300;
    /// AIC with grouped nodes.
    GroupedAic = "grouped-aic", "Grouped AIC", 3, Chains, 7.1, 300;
    /// Four cells, four digits, one non-restricted digit.
    WxyzWing = "wxyz-wing", "WXYZ-Wing", 3, Wings, 5.5, 200;
    /// Aligned pair exclusion.
    AlignedPairExclusion = "aligned-pair-exclusion", "Aligned Pair Exclusion", 3, Als, 6.2, 250;
    /// Sue de Coq.
    SueDeCoq = "sue-de-coq", "Sue de Coq", 3, Als, 5.0, 250;
    /// Two ALSs with a restricted common.
    AlsXz = "als-xz", "Almost Locked Set XZ-Rule", 3, Als, 7.0, 300;
    /// Three ALSs.
    AlsXyWing = "als-xy-wing", "Almost Locked Set XY-Wing", 3, Als, 7.2, 320;
    /// A chain of ALSs.
    AlsXyChain = "als-xy-chain", "Almost Locked Set XY-Chain", 3, Als, 7.4, 340;
    /// A stem cell and one ALS per candidate.
    DeathBlossom = "death-blossom", "Death Blossom", 3, Als, 7.5, 360;
    /// Franken X-Wing (boxes among base or cover).
    FrankenXWing = "franken-x-wing", "Franken X-Wing", 3, Fish, 6.8, 300;
    /// Franken Swordfish.
    FrankenSwordfish = "franken-swordfish", "Franken Swordfish", 3, Fish, 7.0, 320;
    /// Franken Jellyfish.
    FrankenJellyfish = "franken-jellyfish", "Franken Jellyfish", 3, Fish, 7.2, 340;
    /// Mutant X-Wing (rows and columns mixed).
    MutantXWing = "mutant-x-wing", "Mutant X-Wing", 3, Fish, 7.2, 450;
    /// Mutant Swordfish.
    MutantSwordfish = "mutant-swordfish", "Mutant Swordfish", 3, Fish, 7.4, 450;
    /// Mutant Jellyfish.
    MutantJellyfish = "mutant-jellyfish", "Mutant Jellyfish", 3, Fish, 7.6, 450;
    // Tier 4
    /// Kraken fish: a finned fish whose fins all lead to the same elimination.
    KrakenFish = "kraken-fish", "Kraken Fish", 4, Forcing, 7.0, 500;
    /// Forcing chain: an assumption leads to a contradiction.
    ForcingChainContradiction = "forcing-chain-contradiction", "Forcing Chain Contradiction", 4, Forcing, 7.5, 500;
    /// Forcing chains from all candidates of a cell or house agree.
    ForcingChainVerity = "forcing-chain-verity", "Forcing Chain Verity", 4, Forcing, 7.5, 500;
    /// Forcing net: a branching assumption leads to a contradiction.
    ForcingNetContradiction = "forcing-net-contradiction", "Forcing Net Contradiction", 4, Forcing, 8.5, 700;
    /// Forcing nets from all candidates of a cell or house agree.
    ForcingNetVerity = "forcing-net-verity", "Forcing Net Verity", 4, Forcing, 8.5, 700;
    /// Dynamic forcing net: an assumption propagated by singles, locked candidates and the
    /// basic techniques (subsets, X-Wing, Swordfish) on the assumed position leads to a
    /// contradiction.
    DynamicForcingNet = "dynamic-forcing-net", "Dynamic Forcing Net", 4, Forcing, 9.0, 800;
    /// Nested forcing net: an assumption propagated by all of that and by forcing nets on the
    /// assumed position leads to a contradiction.
    NestedForcingNet = "nested-forcing-net", "Nested Forcing Net", 4, Forcing, 10.5, 1000;
    /// Template set (pattern overlay): a candidate in every template of its digit.
    TemplateSet = "template-set", "Template Set", 4, Templates, 8.0, 600;
    /// Template delete (pattern overlay): a candidate in no template of its digit.
    TemplateDelete = "template-delete", "Template Delete", 4, Templates, 8.0, 600;
    /// Last resort: the solution's digit, stated honestly.
    BruteForce = "brute-force", "Brute Force", 4, LastResort, 10.0, 10000;
}

impl Technique {
    /// The technique with this ID, if any.
    pub fn from_id(id: &str) -> Option<Technique> {
        Technique::ALL.iter().copied().find(|t| t.id() == id)
    }
    /// Whether the technique relies on the puzzle having exactly one solution.
    pub const fn needs_uniqueness(self) -> bool {
        matches!(self.family(), Family::Uniqueness)
    }
    /// Whether the technique is on the default path. `unit-permutation` is off it (it subsumes
    /// every subset of a house, so it would hide them); the templates are off it (they are
    /// exhaustive digit-wise searches rather than a deduction a person follows); Franken and
    /// mutant fish are off it, as in HoDoKu's default configuration: their search cost more
    /// than the rest of the path together (measured on top1465: 35 s of 60 s), and chains, ALS
    /// and forcing chains make the same eliminations on the hard puzzles that reach them. All of
    /// them stay available through `find_all` and by enabling them in `Options`.
    pub const fn default_enabled(self) -> bool {
        !matches!(
            self,
            Technique::UnitPermutation
                | Technique::TemplateSet
                | Technique::TemplateDelete
                | Technique::FrankenXWing
                | Technique::FrankenSwordfish
                | Technique::FrankenJellyfish
                | Technique::MutantXWing
                | Technique::MutantSwordfish
                | Technique::MutantJellyfish
        )
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of techniques (one bit each).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct TechniqueSet(u128);

impl TechniqueSet {
    /// No technique.
    pub const EMPTY: TechniqueSet = TechniqueSet(0);
    /// Every technique.
    pub fn all() -> TechniqueSet {
        Technique::ALL.iter().copied().collect()
    }
    /// The default set: every technique that is on the default path.
    pub fn default_path() -> TechniqueSet {
        Technique::ALL.iter().copied().filter(|t| t.default_enabled()).collect()
    }
    /// Whether `t` is in the set.
    pub fn contains(self, t: Technique) -> bool {
        self.0 & bit128(t as usize) != 0
    }
    /// Adds `t`.
    pub fn insert(&mut self, t: Technique) {
        self.0 |= bit128(t as usize);
    }
    /// Removes `t`.
    pub fn remove(&mut self, t: Technique) {
        self.0 &= !bit128(t as usize);
    }
    /// Removes every technique of a family.
    pub fn without_family(mut self, f: Family) -> TechniqueSet {
        for &t in Technique::ALL {
            if t.family() == f {
                self.remove(t);
            }
        }
        self
    }
    /// The techniques in default order.
    pub fn iter(self) -> impl Iterator<Item = Technique> {
        Technique::ALL.iter().copied().filter(move |&t| self.contains(t))
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> Self {
        let mut s = TechniqueSet::EMPTY;
        for t in iter {
            s.insert(t);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_round_trip() {
        assert!(Technique::ALL.len() < 128);
        for &t in Technique::ALL {
            assert_eq!(Technique::from_id(t.id()), Some(t));
            assert_eq!(Technique::ALL.iter().filter(|u| u.id() == t.id()).count(), 1);
        }
        assert!(!TechniqueSet::default_path().contains(Technique::UnitPermutation));
        assert!(TechniqueSet::default_path().contains(Technique::BruteForce));
    }
}
