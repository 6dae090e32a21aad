//! `cargo run -p crashdex-core --example analyze FILE [FINDINGS_DIR]`: the engine alone. The
//! application's `crashdex analyze` is the real command; this one helps engine work.

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
