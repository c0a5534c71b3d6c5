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
			<BarFigure name="per-day" caption={labels.perDay} data={days} hasLegend>
				{names.map((name, index) => (
					<Bar
						key={name}
						dataKey={name}
						stackId="events"
						fill={COLOURS[index % COLOURS.length]}
						isAnimationActive={false}
					/>
				))}
			</BarFigure>
			<BarFigure name="words" caption={labels.words} data={bands}>
				<Bar dataKey="count" name={labels.calculations} fill={COLOURS[0]} isAnimationActive={false} />
			</BarFigure>
		</div>
	)
}

type FigureProps = { name: string; caption: string; data: object[]; hasLegend?: boolean; children: React.ReactNode }

// A bar chart under its caption, labels along the bottom and whole numbers up the side.
function BarFigure({ name, caption, data, hasLegend = false, children }: FigureProps) {
	return (
		<figure className="rounded-md border border-slate-300 bg-white p-4" data-chart={name}>
			<figcaption className="mb-2 font-bold">{caption}</figcaption>
			<ResponsiveContainer width="100%" height={260}>
				<BarChart data={data}>
					<CartesianGrid strokeDasharray="3 3" vertical={false} />
					<XAxis dataKey="label" fontSize={12} />
					<YAxis allowDecimals={false} fontSize={12} />
					<Tooltip />
					{hasLegend && <Legend />}
					{children}
				</BarChart>
			</ResponsiveContainer>
		</figure>
	)
}
