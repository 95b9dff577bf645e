//! Numbers with a fixed count of decimals, for the SVG of the picture and the arrows and for
//! the rating shown: `Fixed(x, 1)` prints what `format!("{x:.1}")` prints (rounding to nearest,
//! an exact tie to even, as std does).
//!
//! Why not `{:.1}`: formatting a float links core's float-to-decimal code (Grisu and Dragon
//! with their tables, ~16 kB of WebAssembly before optimisation), and these few numbers were
//! the page's only use of it.

use std::fmt;

/// `self.0` with `self.1` decimals (at most 9).
#[derive(Clone, Copy, Debug)]
pub struct Fixed(pub f64, pub u8);

impl fmt::Display for Fixed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = self.0;
        if !x.is_finite() {
            return f.write_str(if x.is_nan() {
                "NaN"
            } else if x > 0.0 {
                "inf"
            } else {
                "-inf"
            });
        }
        let places = u32::from(self.1.min(9));
        let scale = 10u64.pow(places);
        let s = x.abs() * scale as f64;
        let mut n = s.round();
        if s - s.floor() == 0.5 {
            // On a tie of the rounded product, the exact product decides: above or below the
            // tie, or exactly on it (then to even). `mul_add` gives the product's rounding error
            // exactly.
            let err = x.abs().mul_add(scale as f64, -s);
            n = if err > 0.0 || (err == 0.0 && s.floor() % 2.0 != 0.0) {
                s.ceil()
            } else {
                s.floor()
            };
        }
        // `as` saturates: no panic on any input.
        let n = n as u64;
        let sign = if x.is_sign_negative() { "-" } else { "" };
        write!(f, "{sign}{}", n / scale)?;
        if places > 0 {
            write!(f, ".{:0width$}", n % scale, width = places as usize)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::Fixed;

    #[test]
    fn prints_as_the_std_formatter_does() {
        // The picture's range (0–552 px, steps of thirds, sixtieths and tenths of a cell), the
        // arrows' (0–9 grid units), negative values and the ratings (f32 tenths).
        for k in -3000..6000 {
            for x in
                [f64::from(k) / 10.0, f64::from(k) / 3.0, f64::from(k) / 60.0, f64::from(k) * 0.24]
            {
                assert_eq!(Fixed(x, 1).to_string(), format!("{x:.1}"), "{x}");
                assert_eq!(Fixed(x, 0).to_string(), format!("{x:.0}"), "{x}");
                let y = x / 7.0 + 0.013;
                assert_eq!(Fixed(y, 3).to_string(), format!("{y:.3}"), "{y}");
            }
        }
        for t in 0..=120 {
            let r = t as f32 / 10.0;
            assert_eq!(Fixed(f64::from(r), 1).to_string(), format!("{r:.1}"));
        }
        for x in [552.0, -0.0, -0.01, 0.05, 0.15, 0.25, 2.5, 0.0625, 1e-9, f64::NAN, f64::INFINITY]
        {
            for p in [0, 1, 3] {
                assert_eq!(Fixed(x, p).to_string(), format!("{x:.*}", usize::from(p)), "{x} {p}");
                assert_eq!(
                    Fixed(-x, p).to_string(),
                    format!("{:.*}", usize::from(p), -x),
                    "-{x} {p}"
                );
            }
        }
    }
}
