import { Link } from 'react-router'

// A part of an admin detail page: a heading the section is named by, and its content.
export function Section({
	id,
	anchor,
	title,
	children,
	className = '',
}: {
	id: string
	// The section's own id, for a link (or a redirect) to it.
	anchor?: string
	title: React.ReactNode
	children: React.ReactNode
	className?: string
}) {
	return (
		<section id={anchor} aria-labelledby={id} className={`max-w-3xl space-y-3 ${className}`}>
			<h2 id={id} className="text-xl font-semibold">
				{title}
			</h2>
			{children}
		</section>
	)
}

// The top of a detail page: the way back to its list, the title, and what follows it (a date, a link).
export function DetailHeader({
	back,
	title,
	children,
}: {
	back: { to: string; label: string }
	title: React.ReactNode
	children?: React.ReactNode
}) {
	return (
		<div>
			<Link to={back.to} className="text-sm text-teal-900 underline">
				← {back.label}
			</Link>
			<h1 className="mt-2 flex flex-wrap items-center gap-3 text-2xl font-bold text-slate-900">{title}</h1>
			{children}
		</div>
	)
}

export type DetailRow = [label: string, value: React.ReactNode]

// Label and value pairs, two columns from a tablet up.
export function DetailList({ rows }: { rows: DetailRow[] }) {
	return (
		<dl className="grid max-w-3xl gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr]">
			{rows.map(([label, value]) => (
				<div key={label} className="contents">
					<dt className="font-medium text-slate-700">{label}</dt>
					<dd>{value}</dd>
				</div>
			))}
		</dl>
	)
}
