//! One small stable sort for the library's short lists.
//!
//! The standard library's sorts are fast on long slices but large: each element type and
//! comparison gets its own copy of several kilobytes of machine code (driftsort or ipnsort
//! with their small-sort networks), and the library sorts some twenty kinds of lists — found
//! patterns, step candidates, literals, houses. In the web worker that came to about a tenth
//! of the module. The lists sorted here are short (a step's candidates, a pattern's houses,
//! the instances one search found: tens, at most a few hundred), where a binary insertion sort
//! is as fast and its copy per type is a few hundred bytes.
//!
//! The one long list (the death blossom's petal index, keyed by candidate) gets a counting sort,
//! as small and faster than a comparison sort there.
//!
//! All are stable: equal keys keep their order, as with `slice::sort_by_key`.
//!
//! Public for the page (`deduku-web`), whose app module has no copy of the standard library's
//! sorts either: each would add kilobytes to what a first visit downloads before the grid.

/// Sorts `v` by `key`, stably. Binary insertion: `O(n log n)` comparisons and at most
/// `n²/2` element moves (one `rotate_right` per element that is out of place).
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let k = key(&v[i]);
        if key(&v[i - 1]) <= k {
            continue;
        }
        // The first place whose key is greater than `k`: after every equal key (stable).
        let at = v[..i].partition_point(|x| key(x) <= k);
        v[at..=i].rotate_right(1);
    }
}

/// Sorts `v` by the elements' own order, stably.
pub fn sort<T: Ord + Copy>(v: &mut [T]) {
    sort_by_key(v, |x| *x);
}

/// Sorts `v` by a key below `keys`, stably: a counting sort, `O(n + keys)`, for the long
/// lists keyed by a cell, a candidate or an index (where insertion would be quadratic).
pub fn sort_by_small_key<T: Copy>(v: &mut [T], keys: usize, key: impl Fn(&T) -> usize) {
    let mut start = vec![0usize; keys + 1];
    for x in v.iter() {
        start[key(x) + 1] += 1;
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let old = v.to_vec();
    for x in old {
        let k = key(&x);
        v[start[k]] = x;
        start[k] += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library_and_keeps_equal_keys_in_order() {
        // A simple generator: deterministic, with many equal keys.
        let mut x: u32 = 12345;
        for n in [0usize, 1, 2, 3, 7, 31, 200, 1000] {
            let v: Vec<(u8, u32)> = (0..n as u32)
                .map(|i| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((x >> 16) as u8 % 13, i)
                })
                .collect();
            let mut ours = v.clone();
            sort_by_key(&mut ours, |p| p.0);
            let mut std = v.clone();
            std.sort_by_key(|p| p.0);
            assert_eq!(ours, std, "n = {n}");
            let mut counted = v.clone();
            sort_by_small_key(&mut counted, 13, |p| usize::from(p.0));
            assert_eq!(counted, std, "n = {n}");
            let mut whole = v.clone();
            sort(&mut whole);
            let mut std = v;
            std.sort_unstable();
            assert_eq!(whole, std, "n = {n}");
        }
    }
}
