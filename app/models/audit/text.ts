// An audit event in words the reader's language can give: a text's key under `audit.text.` and its
// values, some of them texts or quantities themselves, written out when the log is read (so the
// Danish admin reads Danish, the English admin English). Browser-safe: the log page renders it.
export type { AuditText, AuditVar } from '#database/enums.ts'
import type { AuditText, AuditVar } from '#database/enums.ts'

export const auditText = (key: string, vars: Record<string, AuditVar> = {}): AuditText => ({ key, vars })

// A status, kind or other value that has a text of its own.
export const textOf = (key: string, vars?: Record<string, AuditVar>): AuditVar => ({ key, ...(vars ? { vars } : {}) })
