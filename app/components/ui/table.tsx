// The admin's data tables: a caption, column heads (numbers to the right), rows as children.
export type Column = { label: React.ReactNode; numeric?: boolean }

export const cellClass = (numeric?: boolean) => (numeric ? 'px-3 py-2 text-right' : 'px-3 py-2')

export function Table({ caption, columns, children }: { caption?: React.ReactNode; columns: Column[]; children: React.ReactNode }) {
	return (
		<div className="overflow-x-auto rounded-md border border-slate-300 bg-white">
			<table className="w-full text-left text-sm">
				{caption && <caption className="p-3 text-left font-bold">{caption}</caption>}
				<thead className="bg-slate-100">
					<tr>
						{columns.map((column, index) => (
							<th key={index} scope="col" className={cellClass(column.numeric)}>
								{column.label}
							</th>
						))}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200">{children}</tbody>
			</table>
		</div>
	)
}
