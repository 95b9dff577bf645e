//! Short plain descriptions of every technique, for a "What is a Skyscraper?" panel:
//! [`Technique::description`].

use crate::logic::technique::Technique;

impl Technique {
    /// A short plain description of the technique (two to four sentences): what the pattern
    /// looks like and why it works. Every technique has its own.
    pub const fn description(self) -> &'static str {
        use Technique::*;
        match self {
            FullHouse => {
                "A row, column or box with only one empty cell left. The one digit that \
                house is missing must go there."
            }
            HiddenSingle => {
                "A digit that fits in only one cell of a row, column or box: every \
                other cell of the house is filled or already sees that digit. Each house needs \
                every digit once, so the digit goes in that cell, whatever else the cell could \
                hold."
            }
            NakedSingle => {
                "A cell with only one candidate left: every other digit is already in \
                its row, column or box. The cell must hold that last candidate."
            }
            LockedCandidatesPointing => {
                "Inside a box, all the places for a digit lie in one row \
                or one column. Whichever of them holds the digit, that row or column gets its \
                copy inside the box, so the digit leaves the rest of the line."
            }
            LockedCandidatesClaiming => {
                "Inside a row or column, all the places for a digit lie \
                in one box. The line's copy of the digit will be in that box, so the digit leaves \
                the box's other cells."
            }
            LockedPair => {
                "Two cells that share both a box and a line and hold the same two \
                candidates. They take those two digits between them, so the digits leave every \
                other cell of the box and of the line."
            }
            LockedTriple => {
                "Three cells where a box meets a line that hold only three digits \
                between them. Those cells take the three digits, so the digits leave the rest of \
                both the box and the line."
            }
            NakedPair => {
                "Two cells of a house that hold the same two candidates and nothing \
                else. One takes the first digit and the other the second, so no other cell of \
                the house can hold either digit."
            }
            NakedTriple => {
                "Three cells of a house whose candidates, together, are only three \
                digits (each cell need not hold all three). The three cells use up those digits, \
                so the digits leave the rest of the house."
            }
            HiddenPair => {
                "Two digits that, within a house, fit only in the same two cells. Those \
                cells must take the two digits, so any other candidate in them can go."
            }
            HiddenTriple => {
                "Three digits that, within a house, fit only in the same three cells. \
                The three cells must hold those three digits, so their other candidates go."
            }
            NakedQuad => {
                "Four cells of a house whose candidates, together, are only four digits. \
                The four cells take those digits, so no other cell of the house can hold them."
            }
            HiddenQuad => {
                "Four digits that, within a house, fit only in the same four cells. \
                The cells must hold those digits, so every other candidate in them goes."
            }
            UnitPermutation => {
                "Take one house and try every way of putting its missing digits \
                into its empty cells, each cell using one of its candidates. A candidate that \
                appears in no such way is impossible. It covers every naked and hidden subset of \
                the house at once."
            }
            XWing => {
                "A digit that, in each of two rows, fits only in the same two columns (or \
                the other way round). The two rows need two copies in different columns, so the \
                copies fill both columns; the digit leaves the other cells of those columns."
            }
            Swordfish => {
                "The X-Wing with three lines: in three rows a digit fits only within the \
                same three columns. The three rows' copies fill all three columns, so the digit \
                leaves the rest of those columns."
            }
            Jellyfish => {
                "The X-Wing with four lines: in four rows a digit fits only within the \
                same four columns. Those copies fill the four columns, so the digit leaves their \
                other cells."
            }
            Skyscraper => {
                "Two rows (or two columns) where a digit has exactly two places each, \
                with one end of each lined up in a common column (or row). At most one of the two \
                lined-up ends holds the digit, so one of the two free ends does: cells seeing \
                both free ends lose the digit."
            }
            TwoStringKite => {
                "A digit with exactly two places in a row and exactly two in a \
                column, one end of each meeting in the same box. Those two ends cannot both hold \
                the digit, so one of the far ends does, and cells seeing both far ends lose it."
            }
            TurbotFish => {
                "Two houses where a digit has exactly two places each, joined by two \
                ends that see each other. Since those two ends cannot both hold the digit, one of \
                the other two ends does; cells seeing both lose the digit. Skyscraper and kite \
                are its best-known shapes."
            }
            EmptyRectangle => {
                "In a box, every place for a digit lies in one row or one column of \
                the box, leaving an 'empty rectangle'. Together with a row or column where the \
                digit has exactly two places, it rules out the one cell that would empty the box \
                of the digit."
            }
            XyWing => {
                "A pivot cell with two candidates, xy, sees two cells ('pincers') holding \
                xz and yz. Whatever the pivot holds, one pincer becomes z, so a cell seeing both \
                pincers cannot be z."
            }
            XyzWing => {
                "Like the XY-Wing, but the pivot holds x, y and z. One of the pincers or \
                the pivot itself must be z, so a cell seeing all three cannot be z."
            }
            WWing => {
                "Two cells far apart with the same two candidates, xy, and a house where x \
                has only two places, one seeing each cell. The two cells cannot both be x, so one \
                of them is y, and cells seeing both lose y."
            }
            RemotePair => {
                "A chain of cells holding the same two candidates, each seeing the \
                next. The cells alternate between the two digits, so a cell that sees two chain \
                cells of opposite parity sees both digits and can hold neither."
            }
            SimpleColorsTrap => {
                "Link the cells where a digit has only two places in a house and \
                color them alternately: one color holds the digit, the other does not. A cell \
                seeing both colors loses the digit either way."
            }
            SimpleColorsWrap => {
                "Color a digit's conjugate pairs alternately, as in simple \
                colors. If two cells of the same color share a house, that color would put the \
                digit twice in it, so that whole color is false."
            }
            MultiColors => {
                "Two separate color clusters of one digit. When a color of one cluster \
                sees a color of the other, their opposite colors cannot both be false, so cells \
                seeing both of those lose the digit; a color seeing both colors of the other \
                cluster is false."
            }
            UniqueRectangle1 => {
                "Four cells in two rows, two columns and two boxes where three \
                corners hold only the same two digits. If the fourth corner held only those too, \
                the digits could be swapped for a second solution, so it loses both."
            }
            UniqueRectangle2 => {
                "A unique rectangle whose two extra-candidate corners share a row \
                or column and hold the same one extra digit. One of them must take it (or the \
                pattern would be deadly), so cells seeing both lose that digit."
            }
            UniqueRectangle3 => {
                "A unique rectangle whose two extra-candidate corners share a \
                house. Their extra digits act as one cell, which can complete a naked subset with \
                other cells of that house; the subset's digits then leave the rest of the house."
            }
            UniqueRectangle4 => {
                "A unique rectangle whose two extra-candidate corners share a \
                house in which one of the pair's digits has no other place. One of them takes \
                that digit, so neither may take the other digit of the pair."
            }
            UniqueRectangle5 => {
                "A unique rectangle with diagonal (or three) extra-candidate \
                corners that all carry the same single extra digit. One of them must be that \
                digit, so cells seeing all of them lose it."
            }
            UniqueRectangle6 => {
                "A unique rectangle with extra candidates on two diagonal corners, \
                where one digit of the pair appears in the rectangle's two rows (or columns) only \
                at its corners. That digit must then sit on the other diagonal, so the extra \
                corners lose it."
            }
            HiddenRectangle => {
                "A rectangle with one corner holding only the pair, where one digit \
                of the pair is confined to the rectangle in the row and the column of the \
                opposite corner. That opposite corner cannot take the other digit, or the \
                rectangle would be deadly."
            }
            AvoidableRectangle1 => {
                "A rectangle over two boxes with no given in it, three corners \
                already filled by solving with two digits crosswise. The fourth cannot complete \
                the pattern: the two digits could then be swapped, and nothing in the givens \
                would say which way is right."
            }
            AvoidableRectangle2 => {
                "An avoidable rectangle with two corners filled by solving and \
                two empty corners that can each take the completing digit or one shared extra \
                digit. One of them must take the extra digit, so cells seeing both lose it."
            }
            BugPlus1 => {
                "Every unsolved cell has two candidates except one with three. A grid \
                where every cell had two (a bivalue universal grave) never has exactly one \
                solution, so that cell must hold the digit that breaks the pattern."
            }
            FinnedXWing => {
                "An X-Wing with fins: extra places for the digit, all in one box, in \
                one of the base lines. Either the X-Wing holds or a fin holds the digit, so only \
                cells that the X-Wing clears and that also see every fin lose it."
            }
            FinnedSwordfish => {
                "A Swordfish with extra places for the digit (fins) in one box. \
                Either the fish works or a fin is the digit; cells the fish clears that also see \
                every fin lose the digit in both cases."
            }
            FinnedJellyfish => {
                "A Jellyfish with fins in one box. Either the four-line fish \
                works or a fin holds the digit; cells hit by both lose it."
            }
            SashimiXWing => {
                "A finned X-Wing where one base line, without its fins, keeps only \
                one place in the cover columns. The logic is the same as a finned fish: cells the \
                X-Wing would clear that see every fin lose the digit."
            }
            SashimiSwordfish => {
                "A finned Swordfish missing some body cells: a base line keeps a \
                single place once its fins are set aside. Cells in the covers that see every fin \
                still lose the digit."
            }
            SashimiJellyfish => {
                "A finned Jellyfish with a thin base line that keeps a single \
                place once the fins are set aside. As with any finned fish, cells in the covers \
                that see every fin lose the digit."
            }
            XChain => {
                "A chain on one digit alternating strong links (the digit's only two places \
                in a house) and weak links (two places that see each other). One end or the other \
                holds the digit, so cells seeing both ends lose it."
            }
            XyChain => {
                "A chain of two-candidate cells: inside each cell the link is strong (if \
                not one digit, then the other), between cells it is weak. The chain starts and \
                ends on the same digit, one end holds it, and cells seeing both ends lose it."
            }
            ContinuousNiceLoop => {
                "An alternating chain that closes into a loop. Every link then \
                holds both ways, so each weak link acts as a strong one and removes candidates \
                around it: a digit from cells seeing both ends, other digits from a cell."
            }
            DiscontinuousNiceLoop => {
                "A loop of alternating links that comes back to its starting \
                candidate with the opposite value. Assuming the start one way forces the other, \
                so the start is settled: placed or removed."
            }
            Aic => {
                "An alternating inference chain mixes digits and cells: strong links say 'if \
                not this, then that', weak links 'if this, then not that'. Starting false and \
                ending true, it proves one of its two ends true, which removes candidates that \
                see both."
            }
            GroupedContinuousNiceLoop => {
                "A continuous nice loop in which some nodes are groups: \
                the places of a digit within one box and line, or almost locked sets, treated as \
                one node. The loop works as any continuous loop."
            }
            GroupedDiscontinuousNiceLoop => {
                "A discontinuous nice loop using group nodes (a \
                digit's places inside one box∩line, or almost locked sets). The start is still \
                forced to the opposite of what was assumed."
            }
            GroupedAic => {
                "An alternating inference chain that uses group nodes: several cells \
                of one box∩line counted as one place for a digit, or almost locked sets. One of \
                its ends is true, as in any AIC."
            }
            WxyzWing => {
                "Four cells holding four digits between them, where all but one digit sit \
                only in cells that see each other. Without the odd digit the cells would lack a \
                digit, so it is in one of them; cells seeing all its copies lose it."
            }
            AlignedPairExclusion => {
                "Two cells whose combinations of values are checked one by \
                one: a combination is impossible if both cells see each other and match, or if \
                some almost locked set seeing both would lose both digits. A value of a cell \
                whose every combination is impossible goes."
            }
            SueDeCoq => {
                "Two or three cells where a box meets a line hold more digits than cells; \
                partner cells in the line and in the box take care of the extra digits. Each \
                digit is then used exactly once, so it leaves the rest of the line or box."
            }
            AlsXz => {
                "Two almost locked sets (n cells with n + 1 digits) that share a digit whose \
                copies all see each other. Only one set can hold it, so the other is locked; a \
                second digit shared by both then lies in one of them, and cells seeing all its \
                copies lose it."
            }
            AlsXyWing => {
                "Three almost locked sets: a pivot linked to two wings by different \
                restricted common digits. If one wing lacks a digit z, the links force z into the \
                other, so cells seeing every z of both wings lose it."
            }
            AlsXyChain => {
                "A chain of almost locked sets, each linked to the next by a digit \
                whose copies all see each other. If the first set lacks z, the chain forces z \
                into the last, so cells seeing every z of both ends lose it."
            }
            DeathBlossom => {
                "A stem cell with one almost locked set ('petal') per candidate, each \
                petal's copies of that candidate seeing the stem. Whatever the stem holds, one \
                petal is locked; a digit z in every petal is then in one of them, and cells \
                seeing every z lose it."
            }
            FrankenXWing => {
                "An X-Wing whose base or cover houses include a box. The counting is \
                the same: the two base houses need two copies, the two covers hold them, and the \
                digit leaves the covers' other cells."
            }
            FrankenSwordfish => {
                "A Swordfish built from rows (or columns) together with boxes. \
                Three base houses need three copies that three cover houses must hold, so the \
                digit leaves the rest of the covers."
            }
            FrankenJellyfish => {
                "A Jellyfish mixing lines and boxes: four base houses, four cover \
                houses, the same counting argument. The digit leaves the covers' other cells."
            }
            MutantXWing => {
                "An X-Wing whose base and cover houses mix rows, columns and boxes \
                freely. Two base houses need their copies in two cover houses, so other cells of \
                the covers lose the digit."
            }
            MutantSwordfish => {
                "A Swordfish of any mix of rows, columns and boxes: three base \
                houses whose copies of the digit all lie in three cover houses. The covers' other \
                cells lose it."
            }
            MutantJellyfish => {
                "The largest mutant fish: four base and four cover houses of any \
                kinds. If the four base copies must fall in the four covers, nothing else in the \
                covers can hold the digit."
            }
            KrakenFish => {
                "A finned fish whose fins need not share a box. For each fin, a chain \
                shows that the fin holding the digit also removes it from the same cell the fish \
                would clear, so that cell loses it either way."
            }
            ForcingChainContradiction => {
                "Assume a candidate true (or false) and follow simple \
                implications, one at a time. If that leads to a contradiction, such as a cell \
                both holding and not holding a digit, the assumption was wrong."
            }
            ForcingChainVerity => {
                "Try every candidate of a cell, or every place of a digit in a \
                house, and follow the chain of consequences from each. If all of them lead to the \
                same result, that result is true."
            }
            ForcingNetContradiction => {
                "Like a forcing chain, but the consequences may branch \
                and join (any single, locked candidates). An assumption whose net of consequences \
                ends in a contradiction is false."
            }
            ForcingNetVerity => {
                "Follow a branching net of consequences from every choice of a \
                cell or of a digit's places in a house. A result every choice reaches holds."
            }
            DynamicForcingNet => {
                "A forcing net that also uses the basic techniques: assume a \
                candidate true, and in the grid that assumption gives, apply singles, locked \
                candidates, naked and hidden subsets, X-Wings and Swordfish, again and again. If \
                that ends in a contradiction, the candidate is false."
            }
            NestedForcingNet => {
                "A guess within a guess, with a proof: assume a candidate true, \
                and in the grid that assumption gives, remove every candidate whose own forcing \
                net leads to a contradiction there, as well as everything the basic techniques \
                find. If the assumption then ends in a contradiction, it is false."
            }
            TemplateSet => {
                "A template is one way to place all nine copies of a digit, one per \
                row, column and box. If every template that still fits the grid uses a cell, the \
                digit goes there."
            }
            TemplateDelete => {
                "List every template (a full placement of a digit, one per row, \
                column and box) that still fits the grid. A candidate that no template uses \
                cannot be right and is removed."
            }
            BruteForce => {
                "Not a logical technique: when nothing else in the chosen set applies, \
                a digit is copied from the solution (found by trial and error). It keeps the \
                solve going and is always reported as such."
            }
        }
    }
}
