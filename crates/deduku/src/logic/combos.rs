//! Combinations of a house's few items (cells, digits, lines or positions), cut by the union of
//! their masks: the one search behind the subsets and the basic, finned and sashimi fish.

use std::ops::ControlFlow;

/// Calls `f` with every `n`-element combination of `items` (in order) whose masks together hold
/// at most `max_bits` bits, with that union. The union only grows as items join, so a partial
/// combination already too wide is cut with everything that would extend it: the same
/// combinations in the same order as testing every one, most never visited (`max_bits` 128
/// cuts nothing). A combination has at most nine items; a larger `n` finds none.
pub(crate) fn within<T: Copy>(
    items: &[(T, u128)],
    n: usize,
    max_bits: u32,
    f: &mut impl FnMut(&[T], u128) -> ControlFlow<()>,
) -> ControlFlow<()> {
    if n == 0 {
        return f(&[], 0);
    }
    let Some(&(first, _)) = items.first() else { return ControlFlow::Continue(()) };
    if n > 9 {
        return ControlFlow::Continue(());
    }
    Search { items, n, max_bits, chosen: [first; 9], f }.from(0, 0, 0)
}

/// The state of [`within`]'s search: the combination so far on the stack.
struct Search<'a, T, F> {
    items: &'a [(T, u128)],
    n: usize,
    max_bits: u32,
    chosen: [T; 9],
    f: &'a mut F,
}

impl<T: Copy, F: FnMut(&[T], u128) -> ControlFlow<()>> Search<'_, T, F> {
    /// Extends the first `k` chosen items (masks' union `union`) with items from `start` on.
    fn from(&mut self, start: usize, k: usize, union: u128) -> ControlFlow<()> {
        if k == self.n {
            return (self.f)(&self.chosen[..k], union);
        }
        for i in start..self.items.len() {
            if self.items.len() - i < self.n - k {
                break;
            }
            let (item, mask) = self.items[i];
            let next = union | mask;
            if next.count_ones() > self.max_bits {
                continue;
            }
            self.chosen[k] = item;
            self.from(i + 1, k + 1, next)?;
        }
        ControlFlow::Continue(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every combination once, in order, with its union, exactly those within the bound: checked
    /// against a walk over every subset of the items.
    #[test]
    fn within_gives_the_combinations_no_wider_than_the_bound_in_order() {
        let masks: [u128; 7] = [0b11, 0b110, 0b1, 0b1100, 0b10001, 0b11, 0b1000000];
        let items: Vec<(usize, u128)> = masks.iter().copied().enumerate().collect();
        for n in 0..=8 {
            for max_bits in [0, 1, 2, 3, 4, 5, 128] {
                let mut got = Vec::new();
                let _ = within(&items, n, max_bits, &mut |c: &[usize], u| {
                    got.push((c.to_vec(), u));
                    ControlFlow::Continue(())
                });
                // Every subset of n items, in the order of their item lists.
                let mut want: Vec<(Vec<usize>, u128)> = (0u32..1 << items.len())
                    .filter(|m| m.count_ones() as usize == n)
                    .map(|m| {
                        let c: Vec<usize> = (0..items.len()).filter(|&i| m & 1 << i != 0).collect();
                        let u = c.iter().fold(0, |u, &i| u | masks[i]);
                        (c, u)
                    })
                    .filter(|(_, u)| u.count_ones() <= max_bits)
                    .collect();
                want.sort();
                assert_eq!(got, want, "n {n}, at most {max_bits} bits");
            }
        }
        // The search stops when asked.
        let mut calls = 0;
        let r = within(&items, 2, 128, &mut |_, _| {
            calls += 1;
            if calls == 3 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
        assert_eq!((r, calls), (ControlFlow::Break(()), 3));
    }
}
