// The admin's data tables: a caption, column heads (numbers to the right), rows as children.
export type Column = { label: React.ReactNode; numeric?: boolean }

export const cellClass = (numeric?: boolean) => (numeric ? 'px-3 py-2 text-right' : 'px-3 py-2')

// A box a wide table scrolls in, on a phone; it takes the focus so the keyboard can scroll it too.
export function ScrollBox({ className = '', children, ...props }: React.ComponentPropsWithoutRef<'div'>) {
	return (
		<div
			// eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be reachable by keyboard (axe scrollable-region-focusable)
			tabIndex={0}
			className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-teal-700 ${className}`}
			{...props}
		>
			{children}
		</div>
	)
}

type TableProps = {
	caption?: React.ReactNode
	// A caption for screen readers only, where the page's heading already says what the table is.
	isCaptionHidden?: boolean
	columns: Column[]
	children: React.ReactNode
	// Rows under the body: sums of the columns.
	foot?: React.ReactNode
} & Omit<React.ComponentPropsWithoutRef<'div'>, 'children'>

export function Table({
	caption,
	isCaptionHidden = false,
	columns,
	children,
	foot,
	className = '',
	...props
}: TableProps) {
	return (
		<ScrollBox className={`rounded-md border border-slate-300 bg-white ${className}`} {...props}>
			<table className="w-full text-left text-sm">
				{caption && <caption className={isCaptionHidden ? 'sr-only' : 'p-3 text-left font-bold'}>{caption}</caption>}
				<thead className="bg-slate-100">
					<tr>
						{columns.map((column, index) => (
							<th key={index} scope="col" className={`${cellClass(column.numeric)} font-semibold`}>
								{column.label}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200">{children}</tbody>
				{foot && <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold">{foot}</tfoot>}
			</table>
		</ScrollBox>
	)
}
