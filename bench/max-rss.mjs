// Preloaded into a process the benchmarks measure: prints its peak resident memory when it exits.
process.on('exit', () => process.stderr.write(`\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`));
