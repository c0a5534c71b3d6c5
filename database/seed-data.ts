// The demo agency: believable content in Danish and English, used by the first start,
// `npm run db:seed` and the tests' fixtures.

export const DEMO_SETTINGS = {
	agencyName: 'Tolk Oversættelser ApS',
	email: 'kontakt@tolk.example',
	phone: '+45 33 12 34 56',
	address: 'Vestergade 12, 1456 København K',
	cvr: '12345674',
	pricePerWord: 1.35,
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
		answerDa: '<p>Prisen beregnes pr. ord i kildeteksten. Upload dine dokumenter, så tæller vi ordene automatisk og giver dig en pris med det samme.</p>',
		answerEn: '<p>We charge per word of the source text. Upload your documents and we count the words automatically and give you a price straight away.</p>',
	},
	{
		questionDa: 'Hvor hurtigt kan I levere?',
		questionEn: 'How fast can you deliver?',
		answerDa: '<p>En oversætter når omkring 2.500 ord om dagen. Har du travlt, kan du vælge ekspreslevering mod et tillæg.</p>',
		answerEn: '<p>A translator covers about 2,500 words a day. If you are in a hurry, choose express delivery for a surcharge.</p>',
	},
	{
		questionDa: 'Kan I lave certificerede oversættelser?',
		questionEn: 'Do you offer certified translations?',
		answerDa: '<p>Ja. Vores statsautoriserede translatører stempler og underskriver oversættelsen, så den kan bruges over for myndigheder i ind- og udland.</p>',
		answerEn: '<p>Yes. Our state-authorised translators stamp and sign the translation, so authorities in Denmark and abroad accept it.</p>',
	},
	{
		questionDa: 'Hvilke filtyper kan I modtage?',
		questionEn: 'Which file types do you accept?',
		answerDa: '<p>Word, PDF, Excel, PowerPoint, InDesign, undertekster (srt og vtt), billeder samt lyd- og videofiler.</p>',
		answerEn: '<p>Word, PDF, Excel, PowerPoint, InDesign, subtitles (srt and vtt), images, and audio and video files.</p>',
	},
	{
		questionDa: 'Behandler I mine dokumenter fortroligt?',
		questionEn: 'Do you treat my documents confidentially?',
		answerDa: '<p>Altid. Alle oversættere har tavshedspligt, og dokumenter, der ikke bliver til en ordre, slettes automatisk efter 30 dage.</p>',
		answerEn: '<p>Always. Every translator is bound by confidentiality, and documents that never become an order are deleted automatically after 30 days.</p>',
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
		bioEn: '<p>Mette has translated contracts, articles of association and court records for more than 15 years and leads our legal team.</p>',
		photoUrl: '/images/team/mette-kjaer.svg',
	},
	{
		name: 'Jonas Brandt',
		titleDa: 'Oversætter, tysk og svensk',
		titleEn: 'Translator, German and Swedish',
		bioDa: '<p>Jonas er uddannet fra CBS og specialiseret i tekniske manualer og produktdokumentation.</p>',
		bioEn: '<p>Jonas trained at Copenhagen Business School and specialises in technical manuals and product documentation.</p>',
		photoUrl: '/images/team/jonas-brandt.svg',
	},
	{
		name: 'Amira Haddad',
		titleDa: 'Oversætter, arabisk og fransk',
		titleEn: 'Translator, Arabic and French',
		bioDa: '<p>Amira oversætter for kommuner og hospitaler og sørger for, at vigtig information når frem til alle.</p>',
		bioEn: '<p>Amira translates for municipalities and hospitals, making sure important information reaches everyone.</p>',
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
		bodyDa: '<p>Skal din oversættelse bruges over for en myndighed, et universitet eller en domstol, kræver det ofte en certificeret oversættelse fra en statsautoriseret translatør.</p><h2>Sådan foregår det</h2><ol><li>Du uploader dokumentet og får en pris.</li><li>Translatøren oversætter og stempler.</li><li>Du modtager oversættelsen digitalt og med posten.</li></ol>',
		bodyEn: '<p>When a translation is for an authority, a university or a court, it usually has to be certified by a state-authorised translator.</p><h2>How it works</h2><ol><li>You upload the document and get a price.</li><li>The translator translates and stamps it.</li><li>You receive the translation digitally and by post.</li></ol>',
		published: true,
		showInMenu: true,
	},
	{
		slugDa: 'juridisk-oversaettelse',
		slugEn: 'legal-translation',
		titleDa: 'Juridisk oversættelse',
		titleEn: 'Legal translation',
		bodyDa: '<p>Kontrakter, vedtægter, fuldmagter og retsdokumenter oversættes af jurister med sprog som speciale. Vi kender terminologien i både dansk og udenlandsk ret.</p>',
		bodyEn: '<p>Contracts, articles of association, powers of attorney and court documents are translated by lawyers who specialise in languages. We know the terminology of Danish and foreign law alike.</p>',
		published: true,
		showInMenu: true,
	},
	{
		slugDa: 'undertekster',
		slugEn: 'subtitles',
		titleDa: 'Undertekster',
		titleEn: 'Subtitles',
		bodyDa: '<p>Vi oversætter og tidskoder undertekster til film, undervisning og sociale medier. Send os en srt- eller vtt-fil, eller selve videoen.</p>',
		bodyEn: '<p>We translate and time subtitles for film, training and social media. Send us an srt or vtt file, or the video itself.</p>',
		published: true,
		showInMenu: true,
	},
	{
		slugDa: 'privatlivspolitik',
		slugEn: 'privacy-policy',
		titleDa: 'Privatlivspolitik',
		titleEn: 'Privacy policy',
		bodyDa: '<p>Vi behandler kun de oplysninger, du selv giver os, og kun for at kunne levere din oversættelse. Uploadede dokumenter, der ikke bliver til en ordre, slettes automatisk efter 30 dage.</p>',
		bodyEn: '<p>We only process the information you give us, and only to deliver your translation. Uploaded documents that never become an order are deleted automatically after 30 days.</p>',
		published: true,
		showInMenu: false,
	},
	{
		slugDa: 'handelsbetingelser',
		slugEn: 'terms',
		titleDa: 'Handelsbetingelser',
		titleEn: 'Terms of business',
		bodyDa: '<p>Et tilbud er gældende i 30 dage. Betaling sker mod faktura med 14 dages kredit.</p>',
		bodyEn: '<p>A quote is valid for 30 days. Payment is by invoice with 14 days of credit.</p>',
		published: true,
		showInMenu: false,
	},
].map((page, position) => ({ ...page, position }))

// Categories and the demo questions (by their Danish text) filed under each.
export const DEMO_FAQ_CATEGORIES = [
	{ nameDa: 'Priser og betaling', nameEn: 'Prices and payment', questions: ['Hvordan beregner I prisen?', 'Er der en minimumspris?', 'Kan jeg betale med EAN-nummer?'] },
	{ nameDa: 'Levering', nameEn: 'Delivery', questions: ['Hvor hurtigt kan I levere?', 'Hvilke filtyper kan I modtage?'] },
	{ nameDa: 'Dokumenter', nameEn: 'Documents', questions: ['Kan I lave certificerede oversættelser?', 'Behandler I mine dokumenter fortroligt?', 'Hvilke filtyper kan I modtage?'] },
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
