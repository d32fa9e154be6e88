import { createContext } from 'react';
import type { Citation } from '../../../shared/citations';

/**
 * Plays an answer's citation beside the consultation instead of leaving for YouTube; false when it
 * cannot (the link then opens as before). Null where no player is mounted.
 */
export const CitationPlayer = createContext<((citation: Citation) => boolean) | null>(null);
