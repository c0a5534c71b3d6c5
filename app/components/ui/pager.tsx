import { Link } from 'react-router'

type PagerProps = {
	// What the navigation is called for screen readers ("Pages of the orders").
	label: string
	// Where this page sits ("21–40 of 312", "Page 2 of 20").
	summary: React.ReactNode
	previous?: { to: string; label: string }
	next?: { to: string; label: string }
}

// Every long list's pager, in the admin and the account: where the page sits and links to the
// pages either side (plain links: they work without script).
export function Pager({ label, summary, previous, next }: PagerProps) {
	const link = 'rounded-md border border-slate-400 px-3 py-1 text-teal-900 underline'
	return (
		<nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3 text-sm">
			{previous && (
				<Link to={previous.to} className={link}>
					{previous.label}
				</Link>
			)}
			<p aria-live="polite">{summary}</p>
			{next && (
				<Link to={next.to} className={link}>
					{next.label}
				</Link>
			)}
		</nav>
	)
}
