// Shared by the pool (which sets the limit and reads why a worker ended) and the watch it loads
// into each worker (memory-watch.ts).
export const MEMORY_LIMIT_ENV = 'TOLK_WORKER_MEMORY_MB'
export const PAST_MEMORY_LIMIT = 'worker past its memory limit'
