/** Types of scripts/server-bundle.mjs (plain JavaScript: it runs before any TypeScript loader). */
export declare const serverBundle: string;
export declare function serverBundleIsStale(): boolean;
export declare function freshServerBundle(): Promise<string | null>;
export declare function buildServerBundle(outfile?: string): Promise<void>;
