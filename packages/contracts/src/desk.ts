/** The circulation desk's calls (staff only): lend a copy, take it back. */
export {};
