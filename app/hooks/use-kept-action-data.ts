import { useState } from 'react'
import { useActionData, useLocation } from 'react-router'

// The answer to the form just sent, kept while the visitor stays on the page: a live update that
// reloads the page's data (useReloadOnStream) clears React Router's action data, and the answer
// ("Your request is sent") vanished a moment after it appeared. A new answer replaces it; another
// page, or this one opened again, starts without one.
export function useKeptActionData<T>(): T | undefined {
	const answer = useActionData() as T | undefined
	const { key } = useLocation()
	const [kept, setKept] = useState<{ key: string; answer: T } | null>(null)
	if (answer !== undefined && (kept?.answer !== answer || kept.key !== key)) setKept({ key, answer })
	return answer ?? (kept?.key === key ? kept.answer : undefined)
}
