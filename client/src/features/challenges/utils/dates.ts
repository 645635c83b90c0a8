// Calendar dates live in lib/dates (shared with the proof review screen); this path keeps the feature's imports.
export * from '@/lib/dates';
