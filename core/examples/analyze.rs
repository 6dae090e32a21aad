//! `cargo run -p crashdex-core --example analyze FILE`: the engine alone, without findings.
//! The application's `crashdex analyze` is the real command; this one helps engine work.

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".into());
    let index = crashdex_core::FindingsIndex::empty();
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
