/** The staff member using the console: who the access log names for each look or action. */
export interface SupportActor {
  id: string;
  email: string;
}

/** One row of support_access_log: who in support looked at or did what, on whom, when. */
export interface AccessRecord {
  id: string;
  actorId: string;
  actorEmail: string;
  subjectUserId: string | null;
  action: string;
  target: string;
  details: Record<string, unknown>;
  createdAt: Date;
}
