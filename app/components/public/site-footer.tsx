import { Link } from 'react-router'
import { pathFor } from '#app/utils/locales.ts'
import { Text, useI18n } from '#app/components/ui/i18n-provider.tsx'
import type { MenuPage } from '#app/components/public/navigation.tsx'

export type AgencyDetails = { agencyName: string; email: string; phone: string; address: string; cvr: string }

export function SiteFooter({ agency, pages }: { agency: AgencyDetails; pages: MenuPage[] }) {
	const { locale, t } = useI18n()
	return (
		<footer className="mt-16 border-t border-slate-200 bg-slate-50">
			<div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm text-slate-700 sm:grid-cols-2">
				<section aria-labelledby="footer-contact">
					<Text k="footer.contact" as="h2" id="footer-contact" className="mb-2 font-semibold text-slate-900" />
					<address className="leading-7 not-italic">
						<strong>{agency.agencyName}</strong>
						<br />
						{agency.address}
						<br />
						<a className="underline" href={`mailto:${agency.email}`}>
							{agency.email}
						</a>
						<br />
						<a className="underline" href={`tel:${agency.phone.replace(/\s/g, '')}`}>
							{agency.phone}
						</a>
						<br />
						{t('contact.cvr')} {agency.cvr}
					</address>
				</section>
				<nav aria-labelledby="footer-pages">
					<Text k="footer.pages" as="h2" id="footer-pages" className="mb-2 font-semibold text-slate-900" />
					<ul className="leading-7">
						{pages.map((page) => (
							<li key={page.slug}>
								<Link className="underline" to={pathFor('page', locale, { slug: page.slug })}>
									{page.title}
								</Link>
							</li>
						))}
						<li>
							<Link className="underline" to={pathFor('account', locale)}>
								{t('nav.account')}
							</Link>
						</li>
					</ul>
				</nav>
			</div>
			<p className="pb-6 text-center text-xs text-slate-600">
				{t('footer.rights', { year: new Date().getFullYear(), name: agency.agencyName })}
			</p>
		</footer>
	)
}
