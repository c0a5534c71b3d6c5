import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

type Props = {
	days: ({ day: string; label: string } & Record<string, string | number>)[]
	names: string[]
	bands: { label: string; count: number }[]
	labels: { perDay: string; words: string; calculations: string }
}

const COLOURS = ['#115e59', '#b45309', '#1d4ed8', '#7e22ce', '#be123c']

// Charts for people who read charts; the same figures stand in tables below for everyone else.
export default function AnalyticsCharts({ days, names, bands, labels }: Props) {
	return (
		<div className="grid gap-6 lg:grid-cols-2" aria-hidden="true">
			<figure className="rounded-md border border-slate-300 bg-white p-4" data-chart="per-day">
				<figcaption className="mb-2 font-bold">{labels.perDay}</figcaption>
				<ResponsiveContainer width="100%" height={260}>
					<BarChart data={days}>
						<CartesianGrid strokeDasharray="3 3" vertical={false} />
						<XAxis dataKey="label" fontSize={12} />
						<YAxis allowDecimals={false} fontSize={12} />
						<Tooltip />
						<Legend />
						{names.map((name, index) => (
							<Bar
								key={name}
								dataKey={name}
								stackId="events"
								fill={COLOURS[index % COLOURS.length]}
								isAnimationActive={false}
							/>
						))}
					</BarChart>
				</ResponsiveContainer>
			</figure>
			<figure className="rounded-md border border-slate-300 bg-white p-4" data-chart="words">
				<figcaption className="mb-2 font-bold">{labels.words}</figcaption>
				<ResponsiveContainer width="100%" height={260}>
					<BarChart data={bands}>
						<CartesianGrid strokeDasharray="3 3" vertical={false} />
						<XAxis dataKey="label" fontSize={12} />
						<YAxis allowDecimals={false} fontSize={12} />
						<Tooltip />
						<Bar dataKey="count" name={labels.calculations} fill={COLOURS[0]} isAnimationActive={false} />
					</BarChart>
				</ResponsiveContainer>
			</figure>
		</div>
	)
}
