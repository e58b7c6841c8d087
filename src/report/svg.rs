//! Line charts as inline SVG (no script, no external file): series of (time, value) points
//! on linear axes with round tick values.

use std::fmt::Write;

/// One line of a chart.
pub struct Series<'a> {
    pub name: &'a str,
    pub color: &'a str,
    pub points: Vec<(f64, f64)>,
}

const W: f64 = 560.0;
const H: f64 = 220.0;
const LEFT: f64 = 56.0;
const RIGHT: f64 = 16.0;
const TOP: f64 = 16.0;
const BOTTOM: f64 = 40.0;

/// About `n` round ticks from 0 to at least `max`: (step, count).
pub fn ticks(max: f64, n: u32) -> (f64, u32) {
    if max <= 0.0 || !max.is_finite() {
        return (1.0, 1);
    }
    let raw = max / n as f64;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag);
    (step, (max / step).ceil().max(1.0) as u32)
}

/// A tick value, with as many decimals as its step needs.
fn label(v: f64, step: f64) -> String {
    let decimals = if step >= 1.0 {
        0
    } else {
        // 0.25 needs 2, 0.5 needs 1, 0.02 needs 2.
        (1..=9)
            .find(|d| {
                let k = step * 10f64.powi(*d);
                (k - k.round()).abs() < 1e-6
            })
            .unwrap_or(9)
    };
    format!("{v:.*}", decimals as usize)
}

/// A chart of `series` against time (seconds), `y_max` at least (e.g. the total to reach).
pub fn chart(title: &str, y_name: &str, series: &[Series], y_max: Option<f64>) -> String {
    let x_max = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.0))
        .fold(0.0f64, f64::max);
    let y_top = series
        .iter()
        .flat_map(|s| s.points.iter().map(|p| p.1))
        .fold(y_max.unwrap_or(0.0), f64::max);
    let (xs, xn) = ticks(x_max, 6);
    let (ys, yn) = ticks(y_top, 4);
    let (x_end, y_end) = (xs * xn as f64, ys * yn as f64);
    let px = |x: f64| LEFT + (W - LEFT - RIGHT) * x / x_end;
    let py = |y: f64| H - BOTTOM - (H - TOP - BOTTOM) * y / y_end;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg class="chart" viewBox="0 0 {W} {H}" role="img" aria-label="{title}" xmlns="http://www.w3.org/2000/svg">"#
    );
    let _ = write!(s, "<title>{title}</title>");
    for i in 0..=yn {
        let y = py(ys * i as f64);
        let _ = write!(
            s,
            r#"<line x1="{LEFT}" x2="{}" y1="{y:.1}" y2="{y:.1}" class="grid"/><text x="{}" y="{:.1}" class="tick" text-anchor="end">{}</text>"#,
            W - RIGHT,
            LEFT - 6.0,
            y + 4.0,
            label(ys * i as f64, ys)
        );
    }
    for i in 0..=xn {
        let x = px(xs * i as f64);
        let _ = write!(
            s,
            r#"<line x1="{x:.1}" x2="{x:.1}" y1="{}" y2="{}" class="axis"/><text x="{x:.1}" y="{}" class="tick" text-anchor="middle">{}</text>"#,
            H - BOTTOM,
            H - BOTTOM + 4.0,
            H - BOTTOM + 16.0,
            label(xs * i as f64, xs)
        );
    }
    let _ = write!(
        s,
        r#"<text x="{:.1}" y="{}" class="axis-name" text-anchor="middle">time (s)</text><text x="12" y="{:.1}" class="axis-name" text-anchor="middle" transform="rotate(-90 12 {:.1})">{y_name}</text>"#,
        (LEFT + W - RIGHT) / 2.0,
        H - 4.0,
        (TOP + H - BOTTOM) / 2.0,
        (TOP + H - BOTTOM) / 2.0,
    );
    for (k, ser) in series.iter().enumerate() {
        // A step line: a value holds until the next sample.
        let mut d = String::new();
        for (i, &(x, y)) in ser.points.iter().enumerate() {
            let _ = if i == 0 {
                write!(d, "M{:.1},{:.1}", px(x), py(y))
            } else {
                write!(d, " H{:.1} V{:.1}", px(x), py(y))
            };
        }
        let _ = write!(
            s,
            r#"<path d="{d}" fill="none" stroke="{}" stroke-width="2"/>"#,
            ser.color
        );
        let lx = LEFT + 10.0 + 150.0 * k as f64;
        let _ = write!(
            s,
            r#"<rect x="{lx:.1}" y="{}" width="10" height="10" fill="{}"/><text x="{:.1}" y="{}" class="legend">{}</text>"#,
            TOP - 2.0,
            ser.color,
            lx + 14.0,
            TOP + 7.0,
            ser.name
        );
    }
    s.push_str("</svg>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_cover_the_maximum() {
        assert_eq!(ticks(10.0, 5), (2.0, 5));
        assert_eq!(ticks(7.3, 4), (2.0, 4));
        assert_eq!(ticks(0.42, 6), (0.1, 5));
        assert_eq!(ticks(0.0, 4), (1.0, 1));
        let (s, n) = ticks(1234.0, 4);
        assert_eq!(s, 500.0);
        assert!(s * n as f64 >= 1234.0);
    }

    #[test]
    fn a_chart_has_its_series_and_axes() {
        let s = chart(
            "Covered blocks",
            "blocks",
            &[Series {
                name: "covered",
                color: "#1a73e8",
                points: vec![(0.0, 0.0), (0.5, 3.0), (1.0, 7.0)],
            }],
            Some(10.0),
        );
        assert!(s.starts_with("<svg") && s.ends_with("</svg>"));
        assert_eq!(s.matches("<path").count(), 1);
        assert!(s.contains(">time (s)<") && s.contains(">10<") && s.contains(">covered<"));
        assert!(!s.contains("NaN"));
        assert_eq!(label(0.015, 0.005), "0.015");
        assert_eq!(label(1.5, 0.5), "1.5");
        assert_eq!(label(40.0, 20.0), "40");
    }
}
