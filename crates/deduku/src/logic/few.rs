//! [`Few`]: a short list on the stack, for the handfuls a finder builds at every position (a
//! cell's candidates, a house's cells, a rectangle's corners), where a heap list each time was a
//! measurable share of the path's time.

/// At most `N` items on the stack, read as a slice. Items beyond `N` are dropped (callers
/// collect what a house or a cell can hold, never more).
#[derive(Clone, Copy)]
pub(crate) struct Few<T, const N: usize> {
    items: [T; N],
    len: usize,
}

impl<T: Copy, const N: usize> Few<T, N> {
    /// The first `N` items of `items`; `filler` stands in the unused places.
    pub(crate) fn of(filler: T, items: impl IntoIterator<Item = T>) -> Few<T, N> {
        let mut few = Few { items: [filler; N], len: 0 };
        for item in items.into_iter().take(N) {
            few.push(item);
        }
        few
    }

    /// Adds `item` at the end; dropped when `N` items are held already (as [`Few::of`] drops
    /// them).
    pub(crate) fn push(&mut self, item: T) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }
}

impl<T, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::Few;

    #[test]
    fn holds_the_first_n_items_in_order() {
        let few: Few<u8, 4> = Few::of(0, [7, 8, 9]);
        assert_eq!(&few[..], &[7, 8, 9]);
        let few: Few<u8, 2> = Few::of(0, [7, 8, 9]);
        assert_eq!(&few[..], &[7, 8]);
        let none: Few<u8, 3> = Few::of(5, []);
        assert!(none.is_empty());
    }

    #[test]
    fn push_appends_until_full() {
        let mut few: Few<u8, 2> = Few::of(0, [7]);
        few.push(8);
        few.push(9);
        assert_eq!(&few[..], &[7, 8]);
    }
}
