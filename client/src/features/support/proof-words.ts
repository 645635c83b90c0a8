import { missionWord } from '@/lib/missions';
import { proofStatusWord, proofWord } from '@/lib/status-words';

/** The flags the server sets on a PHOTO check-in by itself (no model): what support reads. */
const FLAG_WORDS: Record<string, string> = { BLANK_FRAME: 'flagged: the photo is nearly blank' };

/**
 * A challenge's proof and wake mission as support reads them: "Photo proof · Photo waiting for review ·
 * flagged: the photo is nearly blank · Math mission", "No proof · No mission".
 */
export function proofAndMissionWords(c: {
  proof?: string | null;
  proofStatus?: string | null;
  proofFlag?: string | null;
  failureReason?: string | null;
  mission?: string | null;
}): string {
  const status = proofStatusWord(c);
  const flag = c.proofFlag ? (FLAG_WORDS[c.proofFlag] ?? `flagged: ${c.proofFlag.toLowerCase().replace(/_/g, ' ')}`) : null;
  return [proofWord(c.proof), status, flag, missionWord(c.mission)].filter(Boolean).join(' · ');
}
