export const SNAPSHOT_LIMIT = 10
export const SNAPSHOT_SERVED_EVENT = 'tolk:snapshot-served'
