//! `cargo run -p crashdex-core --example analyze FILE [FINDINGS_DIR]`: the engine alone. The
//! application's `crashdex analyze` is the real command; this one helps engine work.
//!
//! With `ANALYZE_RUNS=N` (N > 1) it analyses the file N times in this one process and prints to
//! standard error the first run's time (cold: every automaton and regex still to build) and the
//! median of the others (warm, as the server analyses an upload: its engine is built once).

fn main() -> std::io::Result<()> {
    let mut args = std::env::args().skip(1);
    let path = args.next().unwrap_or_else(|| "-".into());
    let dir = args.next().unwrap_or_else(|| "findings".into());
    let mut sources = Vec::new();
    if let Ok(entries) = std::fs::read_dir(&dir) {
        for e in entries.flatten() {
            let p = e.path();
            let name = p
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            if name.ends_with(".md") && name != "README.md" {
                sources.push((name, std::fs::read_to_string(&p)?));
            }
        }
    }
    let index = crashdex_core::FindingsIndex::from_sources(&sources).unwrap_or_else(|errs| {
        for e in errs {
            eprintln!("{e}");
        }
        crashdex_core::FindingsIndex::empty()
    });
    let runs: usize = std::env::var("ANALYZE_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    if runs > 1 && path != "-" {
        let bytes = std::fs::read(&path)?;
        let mut times = Vec::new();
        for _ in 0..runs {
            let t = std::time::Instant::now();
            std::hint::black_box(crashdex_core::analyze(&bytes, &index));
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let cold = times.remove(0);
        times.sort_by(f64::total_cmp);
        eprintln!(
            "cold {cold:.1} ms, warm median {:.1} ms (min {:.1}, {} runs)",
            times[times.len() / 2],
            times[0],
            times.len()
        );
    }
    let analysis = if path == "-" {
        crashdex_core::analyze_reader(std::io::stdin().lock(), &index)?
    } else {
        let f = std::fs::File::open(&path)?;
        crashdex_core::analyze_reader(std::io::BufReader::new(f), &index)?
    };
    println!(
        "{}",
        serde_json::to_string_pretty(&analysis).unwrap_or_default()
    );
    Ok(())
}
