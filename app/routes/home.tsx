import { Link, useLoaderData } from 'react-router'
import type { MessageKey } from '#app/utils/translate.ts'
import type { Route } from './+types/home'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import { PageMeta } from '#app/components/public/page.tsx'
import { Appearing } from '#app/components/public/appearing.tsx'
import { Calculator } from '#app/components/public/calculator.tsx'
import { Carousel } from '#app/components/public/carousel.tsx'
import { FaqList } from '#app/components/public/faq-list.tsx'
import { Illustration } from '#app/components/public/illustration.tsx'
import { ScrollLink } from '#app/components/ui/scroll-link.tsx'
import { Tabs } from '#app/components/public/tabs.tsx'
import { TeamGrid } from '#app/components/public/team-grid.tsx'
import { listFaqItems, listServicePages, listSlides, listTeamMembers } from '#app/models/content.server.ts'
import { listActiveLanguages } from '#app/models/site.server.ts'
import { calculatorData, fromPricePerWord } from '#app/models/price/price.server.ts'
import { getRequestSettings } from '#app/http/site.server.ts'
import { getDb } from '#app/http/context.server.ts'
import { formatPrice } from '#app/utils/format.ts'
import { localeFromPath, pathFor } from '#app/utils/locales.ts'
import { buttonClass } from '#app/components/ui/button.tsx'

const TEASER_SIZE = 3

export async function loader({ request, context }: Route.LoaderArgs) {
	const db = getDb(context)
	const locale = localeFromPath(new URL(request.url).pathname)
	const settings = await getRequestSettings(context)
	const [services, languages, team, faq, slides, calculator, perWord] = await Promise.all([
		listServicePages(db, locale),
		listActiveLanguages(db, locale),
		listTeamMembers(db, locale),
		listFaqItems(db, locale, TEASER_SIZE),
		listSlides(db, locale),
		calculatorData(db, locale, settings),
		fromPricePerWord(db, locale, settings),
	])
	return {
		price: { perWord, currency: settings.currency },
		calculator,
		services,
		languages,
		team: team.slice(0, TEASER_SIZE),
		faq,
		slides,
	}
}

export default function Home() {
	const { price, calculator, services, languages, team, faq, slides } = useLoaderData<typeof loader>()
	const { locale, t } = useI18n()
	return (
		<>
			<PageMeta title={t('meta.home')} />
			<Hero price={price} calculator={calculator} />

			<HomeSection id="services" title="home.servicesTitle">
				<ul className="grid gap-4 sm:grid-cols-3">
					{services.map((page) => (
						<li key={page.slug} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6">
							<h3 className="mb-2 text-lg font-semibold text-slate-900">{page.title}</h3>
							<p className="mb-4 flex-1 text-slate-700">{page.summary}</p>
							<Link
								to={pathFor('page', locale, { slug: page.slug })}
								className="font-semibold text-teal-800 underline underline-offset-2 hover:text-teal-900"
							>
								{t('home.serviceLink')}
								<span className="sr-only">: {page.title}</span>
							</Link>
						</li>
					))}
				</ul>
			</HomeSection>

			<HomeSection id="how" title="home.howTitle">
				<Tabs
					label={t('home.howLabel')}
					tabs={(['upload', 'price', 'deliver'] as const).map((step) => ({
						key: step,
						label: t(`home.how.${step}`),
						content: <Text k={`home.how.${step}Text`} as="p" />,
					}))}
				/>
			</HomeSection>

			{slides.length > 0 && (
				<Appearing className="mb-16">
					<HomeSection id="stories" title="home.storiesTitle" className="">
						<Carousel slides={slides} label={t('home.storiesTitle')} slidesPerView="1/1/2/3/3" spaceBetween={24} />
					</HomeSection>
				</Appearing>
			)}

			<section aria-labelledby="languages" className="mb-16">
				<Text k="home.languagesTitle" as="h2" id="languages" className="mb-4 text-2xl font-semibold text-slate-900" />
				<p className="text-slate-700">
					{new Intl.ListFormat(locale, { type: 'conjunction' }).format(languages.map((language) => language.name))}
				</p>
			</section>

			<Appearing className="mb-16">
				<HomeSection
					id="team"
					title="home.teamTitle"
					className=""
					more={{ to: pathFor('about', locale), label: t('home.teamMore') }}
				>
					<TeamGrid members={team} />
				</HomeSection>
			</Appearing>

			<HomeSection id="faq" title="home.faqTitle" more={{ to: pathFor('faq', locale), label: t('home.faqMore') }}>
				<FaqList items={faq} />
			</HomeSection>

			<ClosingCall />
		</>
	)
}

type Data = Awaited<ReturnType<typeof loader>>

// The first screen: what the agency does, its price per word, the way to order, and the calculator.
function Hero({ price, calculator }: Pick<Data, 'price' | 'calculator'>) {
	const { locale, t } = useI18n()
	return (
		<section className="mb-16 grid gap-8 rounded-2xl bg-gradient-to-br from-teal-50 to-white p-8 sm:p-12 lg:grid-cols-[3fr_2fr]">
			<div className="grid content-start gap-8">
				<Text
					k="home.title"
					as="h1"
					className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl"
				/>
				<Text k="home.lead" as="p" className="max-w-2xl text-lg text-slate-700" />
				<p className="text-2xl font-semibold text-teal-800">
					{t('home.priceFrom', { price: formatPrice(price.perWord, price.currency, locale) })}
				</p>
				<p>
					<Link to={pathFor('order', locale)} className={`inline-block ${buttonClass('large')}`}>
						{t('home.cta')}
					</Link>
					<ScrollLink href="#how" className="ml-4 font-semibold text-teal-800 underline underline-offset-2">
						{t('home.howLink')}
					</ScrollLink>
				</p>
			</div>
			<Calculator {...calculator} />
		</section>
	)
}

// The end of the page: order now, or ask first.
function ClosingCall() {
	const { locale, t } = useI18n()
	return (
		<Appearing>
			<section
				aria-labelledby="cta"
				className="grid items-center gap-8 overflow-hidden rounded-2xl bg-teal-900 p-8 text-white sm:p-12 lg:grid-cols-[3fr_2fr]"
			>
				<div className="grid gap-6">
					<Text k="home.ctaTitle" as="h2" id="cta" className="text-3xl font-bold tracking-tight" />
					<Text k="home.ctaText" as="p" className="max-w-2xl text-lg text-teal-50" />
					<p className="flex flex-wrap gap-4">
						<Link
							to={pathFor('order', locale)}
							className="inline-block rounded-md bg-white px-6 py-3 font-semibold text-teal-900 hover:bg-teal-50"
						>
							{t('home.cta')}
						</Link>
						<Link
							to={pathFor('contact', locale)}
							className="inline-block rounded-md border border-white px-6 py-3 font-semibold text-white hover:bg-teal-800"
						>
							{t('home.ctaContact')}
						</Link>
					</p>
				</div>
				<Illustration src="/images/illustrations/documents.svg" width={480} height={360} className="rounded-xl" />
			</section>
		</Appearing>
	)
}

type HomeSectionProps = {
	id: string
	title: MessageKey
	className?: string
	more?: { to: string; label: string }
	children: React.ReactNode
}

// A section of the home page under its heading, which names it for screen readers, and a link
// on to the page that has the rest.
function HomeSection({ id, title, className = 'mb-16', more, children }: HomeSectionProps) {
	return (
		<section aria-labelledby={id} className={className || undefined}>
			<Text k={title} as="h2" id={id} className="mb-6 text-2xl font-semibold text-slate-900" />
			{children}
			{more && (
				<p className="mt-4">
					<Link to={more.to} className="font-semibold text-teal-800 underline">
						{more.label}
					</Link>
				</p>
			)}
		</section>
	)
}

export { PageErrorBoundary as ErrorBoundary } from '#app/components/public/page.tsx'
