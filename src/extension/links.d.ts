export const FALLBACK_ADDRESS: string;
export const YOUTUBE_LINK_PATTERNS: string[];
export function consultPageUrl(address: string, link: string, seconds?: number): string | null;
export function addressOrigin(value: string): string | null;
export function vidvisorAddress(): Promise<string>;
export function packagedAddress(): Promise<string>;
