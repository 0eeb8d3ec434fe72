import { z } from 'zod';

/** The kinds of mail an account can turn on or off. */
export const notificationKinds = ['dtxStarted', 'dtxFinished', 'draftDeployed', 'bulkFinished'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
export const notificationKindNames: Record<NotificationKind, string> = {
  dtxStarted: 'A transaction of one of my keys needs my approval',
  dtxFinished: 'A transaction of one of my keys executed, failed, was aborted or expired',
  draftDeployed: 'A token draft I deploy is deployed or its deployment failed',
  bulkFinished: 'A bulk issue or bulk forced transfer I started finished or stopped',
};

const kindsShape = Object.fromEntries(notificationKinds.map((kind) => [kind, z.boolean()])) as Record<
  NotificationKind,
  z.ZodBoolean
>;

/** GET and PUT /notifications/preferences: each kind on or off, and whether mail comes as one daily digest. */
export const notificationPreferencesSchema = z.object({
  kinds: z.object(kindsShape),
  dailyDigest: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const updateNotificationPreferencesSchema = z
  .object({
    kinds: z.object(kindsShape).partial().strict().optional(),
    dailyDigest: z.boolean().optional(),
  })
  .strict();
export type UpdateNotificationPreferences = z.input<typeof updateNotificationPreferencesSchema>;
