// The business picker's rules, one place for both searches (SQL and the in-memory index) and the page.
export const BUSINESSES_PATH = '/businesses'
export const MIN_QUERY_LENGTH = 3
export const RESULT_LIMIT = 10
// Each tier stops at its own limit, so a three-letter query never collects (let alone ranks)
// every name that merely contains it.
export const TIER_LIMITS = { prefix: 10, word: 10, anywhere: 5 }
