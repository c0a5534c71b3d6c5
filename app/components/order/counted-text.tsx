import type { CountPart } from '#app/models/wordcount/parts.ts'

export type CountedPart = { part: CountPart; text: string; characters: number }
type Labels = {
	summary: string
	part: (part: CountPart) => string
	// Said under a part shown only in part: how much of it the preview holds.
	shortened: (shown: number, characters: number) => string
	download: string
}

// The text a document was counted from, part by part (the first 3,000 characters of each), and
// the whole as a .txt download: a customer who sees a table was missed says so before ordering.
// A native disclosure, so keyboard and screen readers need no help; the text keeps its lines.
export function CountedText({
	parts,
	href,
	fileName,
	labels,
}: {
	parts: CountedPart[]
	href: string
	fileName: string
	labels: Labels
}) {
	return (
		<details data-controller="counted-text" className="mt-1 text-sm text-slate-700">
			<summary className="cursor-pointer text-teal-900 underline">
				{labels.summary} <span className="sr-only">{fileName}</span>
			</summary>
			{parts.map(({ part, text, characters }) => (
				<section key={part} data-part={part} className="mt-2">
					<p className="font-medium">{labels.part(part)}</p>
					<p
						role="region"
						aria-label={labels.part(part)}
						className="rounded border border-slate-200 bg-slate-50 p-2 break-words whitespace-pre-wrap"
					>
						{text}
					</p>
					{characters > text.length && <p className="text-xs">{labels.shortened(text.length, characters)}</p>}
				</section>
			))}
			<a href={href} download className="mt-2 inline-block text-teal-900 underline">
				{labels.download} <span className="sr-only">{fileName}</span>
			</a>
		</details>
	)
}
