// The demo agency: believable content in Danish and English, used by the first start,
// `npm run db:seed` and the tests' fixtures.

export const DEMO_SETTINGS = {
	agencyName: 'Tolk Oversættelser ApS',
	email: 'kontakt@tolk.example',
	phone: '+45 33 12 34 56',
	address: 'Vestergade 12, 1456 København K',
	cvr: '12345674',
	currency: 'DKK',
	calculatorMinWords: 100,
	calculatorMaxWords: 20000,
	minDeliveryDays: 1,
	uploadLimitMib: 100,
	wordsPerDay: 2500,
	defaultPricePerWord: 1.35,
	minimumOrder: 500,
	expressSurcharge1Day: 100,
	expressSurcharge2Days: 50,
	certifiedCopyPrice: 150,
	vatPercent: 25,
	// A demo account (Danske Bank's registration number, an account that does not exist).
	bankName: 'Danske Bank',
	bankRegNo: '3001',
	bankAccount: '0012345678',
	iban: 'DK5030000012345678',
	bic: 'DABADKKK',
	paymentTermsDays: 8,
}

export const DEMO_LANGUAGES = [
	['da', 'Dansk', 'Danish'],
	['en', 'Engelsk', 'English'],
	['de', 'Tysk', 'German'],
	['sv', 'Svensk', 'Swedish'],
	['nb', 'Norsk', 'Norwegian'],
	['fr', 'Fransk', 'French'],
	['es', 'Spansk', 'Spanish'],
	['pl', 'Polsk', 'Polish'],
	['uk', 'Ukrainsk', 'Ukrainian'],
	['ar', 'Arabisk', 'Arabic'],
	['zh', 'Kinesisk', 'Chinese'],
	['ja', 'Japansk', 'Japanese'],
].map(([code, nameDa, nameEn], position) => ({ code: code!, nameDa: nameDa!, nameEn: nameEn!, position }))

export const DEMO_FAQ = [
	{
		questionDa: 'Hvordan beregner I prisen?',
		questionEn: 'How do you calculate the price?',
		answerDa:
			'<p>Prisen beregnes pr. ord i kildeteksten. Upload dine dokumenter, så tæller vi ordene automatisk og giver dig en pris med det samme.</p>',
		answerEn:
			'<p>We charge per word of the source text. Upload your documents and we count the words automatically and give you a price straight away.</p>',
	},
	{
		questionDa: 'Hvor hurtigt kan I levere?',
		questionEn: 'How fast can you deliver?',
		answerDa:
			'<p>En oversætter når omkring 2.500 ord om dagen. Har du travlt, kan du vælge ekspreslevering mod et tillæg.</p>',
		answerEn:
			'<p>A translator covers about 2,500 words a day. If you are in a hurry, choose express delivery for a surcharge.</p>',
	},
	{
		questionDa: 'Kan I lave certificerede oversættelser?',
		questionEn: 'Do you offer certified translations?',
		answerDa:
			'<p>Ja. Vores statsautoriserede translatører stempler og underskriver oversættelsen, så den kan bruges over for myndigheder i ind- og udland.</p>',
		answerEn:
			'<p>Yes. Our state-authorised translators stamp and sign the translation, so authorities in Denmark and abroad accept it.</p>',
	},
	{
		questionDa: 'Hvilke filtyper kan I modtage?',
		questionEn: 'Which file types do you accept?',
		answerDa:
			'<p>Word, PDF, Excel, PowerPoint, InDesign, undertekster (srt og vtt), billeder samt lyd- og videofiler.</p>',
		answerEn:
			'<p>Word, PDF, Excel, PowerPoint, InDesign, subtitles (srt and vtt), images, and audio and video files.</p>',
	},
	{
		questionDa: 'Behandler I mine dokumenter fortroligt?',
		questionEn: 'Do you treat my documents confidentially?',
		answerDa:
			'<p>Altid. Alle oversættere har tavshedspligt, og dokumenter, der ikke bliver til en ordre, slettes automatisk efter 30 dage.</p>',
		answerEn:
			'<p>Always. Every translator is bound by confidentiality, and documents that never become an order are deleted automatically after 30 days.</p>',
	},
	{
		questionDa: 'Er der en minimumspris?',
		questionEn: 'Is there a minimum charge?',
		answerDa: '<p>Ja, små opgaver faktureres med en minimumspris, som du kan se på prissiden.</p>',
		answerEn: '<p>Yes, small jobs are invoiced at a minimum charge, shown on the prices page.</p>',
	},
	{
		questionDa: 'Kan jeg betale med EAN-nummer?',
		questionEn: 'Can I pay with an EAN number?',
		answerDa: '<p>Ja, offentlige institutioner kan angive deres EAN-nummer, når de sender en forespørgsel.</p>',
		answerEn: '<p>Yes, public bodies can give their EAN number when they send a request.</p>',
	},
].map((item, position) => ({ ...item, position }))

export const DEMO_TEAM = [
	{
		name: 'Mette Kjær',
		titleDa: 'Statsautoriseret translatør, engelsk',
		titleEn: 'State-authorised translator, English',
		bioDa: '<p>Mette har oversat kontrakter, vedtægter og retsbøger i over 15 år og leder vores juridiske team.</p>',
		bioEn:
			'<p>Mette has translated contracts, articles of association and court records for more than 15 years and leads our legal team.</p>',
		photoUrl: '/images/team/mette-kjaer.svg',
	},
	{
		name: 'Jonas Brandt',
		titleDa: 'Oversætter, tysk og svensk',
		titleEn: 'Translator, German and Swedish',
		bioDa: '<p>Jonas er uddannet fra CBS og specialiseret i tekniske manualer og produktdokumentation.</p>',
		bioEn:
			'<p>Jonas trained at Copenhagen Business School and specialises in technical manuals and product documentation.</p>',
		photoUrl: '/images/team/jonas-brandt.svg',
	},
	{
		name: 'Amira Haddad',
		titleDa: 'Oversætter, arabisk og fransk',
		titleEn: 'Translator, Arabic and French',
		bioDa: '<p>Amira oversætter for kommuner og hospitaler og sørger for, at vigtig information når frem til alle.</p>',
		bioEn:
			'<p>Amira translates for municipalities and hospitals, making sure important information reaches everyone.</p>',
		photoUrl: '/images/team/amira-haddad.svg',
	},
	{
		name: 'Lars Winther',
		titleDa: 'Projektleder',
		titleEn: 'Project manager',
		bioDa: null,
		bioEn: null,
		photoUrl: '/images/team/lars-winther.svg',
	},
].map((member, position) => ({ ...member, position }))

// Customer quotes for the home page's carousel; the customers are made up, like their logos.
export const DEMO_SLIDES = [
	{
		imageUrl: '/images/slides/fjordbyg.svg',
		altDa: 'Fjordbyg',
		altEn: 'Fjordbyg',
		textDa: 'Vores udbudsmateriale på 120 sider var oversat til tysk på fire dage – med vores egne fagtermer.',
		textEn: 'Our 120-page tender was in German within four days – with our own trade terms.',
	},
	{
		imageUrl: '/images/slides/havnens-advokater.svg',
		altDa: 'Havnens Advokater',
		altEn: 'Havnens Advokater',
		textDa: 'Certificerede oversættelser, som retten godtog første gang. Vi sender alt herhen.',
		textEn: 'Certified translations the court accepted the first time. We send everything here.',
		linkDa: '/p/certificeret-oversaettelse',
		linkEn: '/en/p/certified-translation',
	},
	{
		imageUrl: '/images/slides/nordlys-medico.svg',
		altDa: 'Nordlys Medico',
		altEn: 'Nordlys Medico',
		textDa: 'Brugsanvisninger på elleve sprog, leveret samlet og til den aftalte pris.',
		textEn: 'Instructions for use in eleven languages, delivered together and at the agreed price.',
	},
	{
		imageUrl: '/images/slides/vestkyst-kommune.svg',
		altDa: 'Vestkyst Kommune',
		altEn: 'Vestkyst Kommune',
		textDa: 'Borgerbreve på arabisk, somali og ukrainsk samme dag, når det haster.',
		textEn: 'Letters to residents in Arabic, Somali and Ukrainian on the same day when it is urgent.',
	},
	{
		imageUrl: '/images/slides/solvang-design.svg',
		altDa: 'Solvang Design',
		altEn: 'Solvang Design',
		textDa: 'Prisen stod på skærmen, før vi havde lagt røret. Sådan skal det være.',
		textEn: 'The price was on the screen before we had hung up. That is how it should be.',
	},
].map((slide, position) => ({ linkDa: null, linkEn: null, ...slide, position }))

export const DEMO_PAGES = [
	{
		slugDa: 'certificeret-oversaettelse',
		slugEn: 'certified-translation',
		titleDa: 'Certificeret oversættelse',
		titleEn: 'Certified translation',
		bodyDa: [
			'<p>Skal din oversættelse bruges over for en myndighed, et universitet, en ambassade eller en domstol, kræves der som regel en certificeret oversættelse: oversat af en statsautoriseret translatør og forsynet med translatørens stempel og underskrift.</p>',
			'<h2>Hvilke dokumenter?</h2><ul><li>Fødsels-, navne- og vielsesattester</li><li>Eksamensbeviser og karakterudskrifter</li><li>Straffe- og børneattester</li><li>Domme, skilsmissebevillinger og skifteretsattester</li><li>Selskabsdokumenter: registreringsbeviser, vedtægter og fuldmagter</li></ul>',
			'<h2>Hvem certificerer?</h2><p>Vores translatører er beskikket af Erhvervsstyrelsen og står i det offentlige translatørregister. Translatøren oversætter selv, stempler og underskriver, og oversættelsen hæftes sammen med en kopi af originalen. Skal dokumentet bruges uden for EU, kan det også kræve en apostille fra Udenrigsministeriet. Det hjælper vi med.</p>',
			'<h2>Sådan foregår det</h2><ol><li>Du uploader en scanning eller et tydeligt foto af dokumentet og ser prisen med det samme.</li><li>Translatøren oversætter, stempler og underskriver.</li><li>Du henter oversættelsen som PDF på din ordreside. Har du bestilt papirkopier med stempel, sender vi dem samme dag med posten.</li></ol>',
			'<h2>Hvor hurtigt?</h2><p>En attest på en side er typisk klar inden for 2 arbejdsdage. Papirkopier er normalt fremme dagen efter, de er sendt.</p>',
		].join(''),
		bodyEn: [
			'<p>When a translation is for an authority, a university, an embassy or a court, it usually has to be certified: translated by a state-authorised translator and carrying the translator’s seal and signature.</p>',
			'<h2>Which documents?</h2><ul><li>Birth, name-change and marriage certificates</li><li>Diplomas and transcripts of records</li><li>Criminal record certificates</li><li>Judgments, divorce decrees and probate certificates</li><li>Company documents: certificates of registration, articles of association and powers of attorney</li></ul>',
			'<h2>Who certifies it?</h2><p>Our translators are authorised by the Danish Business Authority and listed in the public register of translators. The translator translates, stamps and signs the translation, which is bound together with a copy of the original. If the document is for use outside the EU, it may also need an apostille from the Ministry of Foreign Affairs. We help with that.</p>',
			'<h2>How it works</h2><ol><li>You upload a scan or a clear photo of the document and see the price at once.</li><li>The translator translates, stamps and signs it.</li><li>You download the translation as a PDF from your order page. If you ordered stamped paper copies, we post them the same day.</li></ol>',
			'<h2>How fast?</h2><p>A one-page certificate is usually ready within 2 working days. Paper copies normally arrive the day after they are posted.</p>',
		].join(''),
		published: true,
		showInMenu: true,
	},
	{
		slugDa: 'juridisk-oversaettelse',
		slugEn: 'legal-translation',
		titleDa: 'Juridisk oversættelse',
		titleEn: 'Legal translation',
		bodyDa: [
			'<p>Kontrakter, vedtægter, fuldmagter og processkrifter oversættes af translatører med jura som speciale. Vi kender terminologien i både dansk og udenlandsk ret, og vi oversætter det, der står, ikke det, vi tror, der menes.</p>',
			'<h2>Hvad vi oversætter</h2><ul><li>Kontrakter, handelsbetingelser og databehandleraftaler</li><li>Stævninger, processkrifter og domme</li><li>Vedtægter, referater og årsrapporter</li><li>Udbudsmateriale og tilbud</li></ul>',
			'<h2>Fortroligt</h2><p>Alle translatører har tavshedspligt, og dokumenterne ligger krypteret hos os. Uploadede filer, der ikke bliver til en ordre, slettes automatisk.</p>',
			'<h2>Hvor hurtigt?</h2><p>Vi oversætter omkring 2.500 ord pr. arbejdsdag. Haster det, fordeler vi teksten mellem flere translatører og gennemlæser den samlet.</p>',
		].join(''),
		bodyEn: [
			'<p>Contracts, articles of association, powers of attorney and pleadings are translated by translators who specialise in law. We know the terminology of Danish and foreign law alike, and we translate what it says, not what we think it means.</p>',
			'<h2>What we translate</h2><ul><li>Contracts, terms of business and data processing agreements</li><li>Writs, pleadings and judgments</li><li>Articles of association, minutes and annual reports</li><li>Tender documents and bids</li></ul>',
			'<h2>Confidential</h2><p>Every translator is bound by confidentiality, and documents are stored encrypted. Uploaded files that never become an order are deleted automatically.</p>',
			'<h2>How fast?</h2><p>We translate some 2,500 words per working day. If it is urgent, we share the text between several translators and proofread it as one.</p>',
		].join(''),
		published: true,
		showInMenu: true,
	},
	{
		slugDa: 'undertekster',
		slugEn: 'subtitles',
		titleDa: 'Undertekster',
		titleEn: 'Subtitles',
		bodyDa: [
			'<p>Vi oversætter og tidskoder undertekster til film, undervisning og sociale medier. Send os en srt- eller vtt-fil, eller selve videoen, så lytter vi teksten af.</p>',
			'<h2>Sådan prissætter vi</h2><p>Har du en undertekstfil, betaler du pr. ord som for andre tekster. Sender du kun videoen, betaler du pr. minut, fordi vi også skriver teksten af og sætter tidskoder.</p>',
			'<h2>Det får du</h2><ul><li>En srt- eller vtt-fil, klar til YouTube, Vimeo eller din videoplatform</li><li>Højst to linjer ad gangen og en læsehastighed, der kan følges</li><li>Gennemset af en anden oversætter, før du får den</li></ul>',
		].join(''),
		bodyEn: [
			'<p>We translate and time subtitles for film, training and social media. Send us an srt or vtt file, or the video itself, and we transcribe it.</p>',
			'<h2>How we price it</h2><p>With a subtitle file you pay per word, as for any text. If you only send the video, you pay per minute, because we also transcribe it and set the timings.</p>',
			'<h2>What you get</h2><ul><li>An srt or vtt file, ready for YouTube, Vimeo or your video platform</li><li>At most two lines at a time, at a reading speed people can follow</li><li>Checked by a second translator before you get it</li></ul>',
		].join(''),
		published: true,
		showInMenu: true,
	},
	{
		slugDa: 'privatlivspolitik',
		slugEn: 'privacy-policy',
		titleDa: 'Privatlivspolitik',
		titleEn: 'Privacy policy',
		bodyDa:
			'<p>Vi behandler kun de oplysninger, du selv giver os, og kun for at kunne levere din oversættelse. Uploadede dokumenter, der ikke bliver til en ordre, slettes automatisk efter 30 dage.</p>',
		bodyEn:
			'<p>We only process the information you give us, and only to deliver your translation. Uploaded documents that never become an order are deleted automatically after 30 days.</p>',
		published: true,
		showInMenu: false,
	},
	{
		slugDa: 'handelsbetingelser',
		slugEn: 'terms',
		titleDa: 'Handelsbetingelser',
		titleEn: 'Terms of business',
		bodyDa: '<p>Et tilbud er gældende i 30 dage.</p>',
		bodyEn: '<p>A quote is valid for 30 days.</p>',
		published: true,
		showInMenu: false,
	},
].map((page, position) => ({ ...page, position }))

// Categories and the demo questions (by their Danish text) filed under each.
export const DEMO_FAQ_CATEGORIES = [
	{
		nameDa: 'Priser og betaling',
		nameEn: 'Prices and payment',
		questions: ['Hvordan beregner I prisen?', 'Er der en minimumspris?', 'Kan jeg betale med EAN-nummer?'],
	},
	{
		nameDa: 'Levering',
		nameEn: 'Delivery',
		questions: ['Hvor hurtigt kan I levere?', 'Hvilke filtyper kan I modtage?'],
	},
	{
		nameDa: 'Dokumenter',
		nameEn: 'Documents',
		questions: [
			'Kan I lave certificerede oversættelser?',
			'Behandler I mine dokumenter fortroligt?',
			'Hvilke filtyper kan I modtage?',
		],
	},
].map((category, position) => ({ ...category, position }))

// Language pairs (from-to codes) each demo team member covers.
export const DEMO_TEAM_PAIRS: Record<string, string[]> = {
	'Mette Kjær': ['da-en', 'en-da'],
	'Jonas Brandt': ['da-de', 'de-da', 'da-sv', 'sv-da'],
	'Amira Haddad': ['ar-da', 'da-ar', 'fr-da', 'da-fr'],
}

// Pairs that cost more than the default price per word.
export const DEMO_PAIR_PRICES = [
	{ pair: 'da-ja', pricePerWord: 2.4 },
	{ pair: 'da-zh', pricePerWord: 2.4 },
	{ pair: 'da-ar', pricePerWord: 1.95 },
	{ pair: 'da-uk', pricePerWord: 1.75 },
	{ pair: 'da-pl', pricePerWord: 1.55 },
]
