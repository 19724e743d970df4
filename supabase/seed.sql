-- Local sample data: blog posts in English and French.
--
-- Loaded once into a new local database (never on hosted Supabase). Per language: seven
-- published posts across the categories (one featured, one with a video, one long post using
-- every element the rich-text editor produces), one draft and one post scheduled 30 days ahead;
-- visitors must see neither of the last two. Dates are relative to now() so the blog always
-- looks current. Slugs are fixed: tests and links rely on them. Images are self-hosted under
-- /images/blog/ (public/images/blog in the site). The posts are signed by the team; the staff
-- account the stack creates after the seed gets its staff profile from the database (see
-- 20261123171100_staff_profiles.sql), and new posts are signed with that profile's name.

insert into public.blog_posts
  (language, slug, title, excerpt, category, author, status, featured, meta_title, meta_description,
   tags, keywords, video_url, image_url, created_at, published_at, content)
values

-- ---------------------------------------------------------------------------------------------
-- English
-- ---------------------------------------------------------------------------------------------

('en', 'mobile-user-acquisition-playbook',
 'The mobile user acquisition playbook: from first install to profitable scale',
 'A step-by-step framework we use with every app we grow: measurement first, then channels, creatives, store conversion and retention, in that order.',
 'Mobile Marketing', 'Appgrove Team', 'published', false,
 'Mobile user acquisition playbook: install to profitable scale',
 'Our complete framework for mobile user acquisition: tracking, SKAN, channel mix, creative testing, ASO and retention, with a launch checklist.',
 'user acquisition, growth, playbook, ROAS', 'mobile user acquisition, app marketing strategy, UA playbook, ROAS, SKAdNetwork',
 null, '/images/blog/ua-playbook.svg',
 now() - interval '62 days', now() - interval '60 days',
$html$<h1>The mobile user acquisition playbook</h1>
<p>Most apps that struggle with paid growth do not have a media-buying problem. They have a <strong>measurement</strong> problem, a <em>store conversion</em> problem or a retention problem that paid traffic simply makes more expensive. This playbook is the order in which we fix things when an app joins us, and why.</p>
<img src="/images/blog/ua-funnel.svg" alt="The mobile growth funnel: impression, store visit, install, activation, first purchase, retention" title="The mobile growth funnel" width="1200" height="630">
<h2>1. Measurement before media</h2>
<p>Before spending the first euro, make sure every install and every valuable in-app event can be attributed. On Android that means a mobile measurement partner (MMP) and the Google Play Install Referrer. On iOS it means accepting that most users will decline App Tracking Transparency and planning around <a target="_blank" rel="noopener noreferrer nofollow" href="https://developer.apple.com/documentation/storekit/skadnetwork">SKAdNetwork</a>.</p>
<h3>Events worth tracking from day one</h3>
<ul>
<li><p><strong>Activation</strong>: the moment a user gets value (first workout logged, first transfer, first level completed).</p></li>
<li><p><strong>Trial start</strong> and <strong>first purchase</strong>, with revenue.</p></li>
<li><p><strong>Day-1 and day-7 return</strong>, so you can read cohort quality before revenue matures.</p></li>
</ul>
<p>Keep event names boring and stable. A name such as <code>purchase_completed</code> that never changes is worth more than a clever taxonomy that is rewritten every quarter.</p>
<h3>A conversion value schema that fits in 64 values</h3>
<p>SKAN 4 gives you a fine value (0 to 63) in the first postback and a coarse value (low, medium, high) in all three. We encode revenue buckets in the low bits and engagement flags in the high bits:</p>
<pre><code class="language-typescript">// Fine value = revenue bucket (0-7) + 8 x engagement level (0-7)
function fineConversionValue(revenueEur: number, sessions: number): number {
  const revenueBucket = Math.min(7, Math.floor(Math.log2(1 + revenueEur)));
  const engagement = Math.min(7, sessions);
  return revenueBucket + 8 * engagement;
}</code></pre>
<blockquote><p>If you cannot explain your conversion value schema in one sentence, your media buyers will not be able to optimise against it.</p></blockquote>
<h2>2. Pick channels by intent, not by habit</h2>
<ol>
<li><p><strong>Apple Search Ads</strong> captures people already searching the App Store: small volume, the highest intent.</p></li>
<li><p><strong>Google App Campaigns</strong> reach Search, Play, YouTube and the Display network from one campaign; let them learn on installs, then move to in-app actions.</p></li>
<li><p><strong>Meta Advantage+ app campaigns</strong> scale fastest when the creative pipeline is healthy.</p></li>
<li><p><strong>TikTok</strong> works when your product can be shown, not explained, in the first two seconds.</p></li>
</ol>
<p>Start with two channels, not five. Each additional network splits your learning budget and your creative team's attention.</p>
<hr>
<h2>3. Creatives are the new targeting</h2>
<p>Algorithms now choose the audience; your creative chooses who stops scrolling. We ship <u>three new concepts a week</u> per main channel and judge them on cost per activation, never on click-through rate alone. Yesterday's "winning audience" spreadsheets are mostly <s>a targeting problem</s> a creative problem in disguise.</p>
<p>Every concept gets a one-line hypothesis:<br>"Parents of toddlers install faster when they see the bedtime routine in the first second."<br>If the hypothesis is wrong, you still learned something about your users.</p>
<h2>4. Fix the store page before scaling</h2>
<p>Paid traffic lands on your App Store and Google Play pages. A store conversion rate that goes from 25% to 35% lowers your cost per install by almost 30% on every channel at once. Test screenshots and the first line of the description before raising budgets.</p>
<h2>5. Retention pays for acquisition</h2>
<p>Your maximum affordable CPI is set by lifetime value, and lifetime value is mostly retention. Onboarding, push permission timing and the first-week lifecycle messages are part of user acquisition, even if another team owns them.</p>
<h2>Launch checklist</h2>
<ul data-type="taskList">
<li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>MMP SDK installed and install referrer verified on Android</p></div></li>
<li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>SKAN conversion value schema documented and shared with every network</p></div></li>
<li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Three creative concepts per channel ready for week one</p></div></li>
<li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Store listing experiment running on the screenshots</p></div></li>
</ul>
<p>Want us to run this playbook on your app? <a target="_blank" rel="noopener noreferrer nofollow" href="/contact">Ask for a free app growth audit</a>.</p>$html$),

('en', 'skadnetwork-4-conversion-values',
 'SKAdNetwork 4: how to design conversion values that your campaigns can learn from',
 'Three postbacks, fine and coarse values, crowd anonymity tiers: what actually changes for iOS marketers and how to build a schema that survives them.',
 'iOS Marketing', 'Appgrove Team', 'published', true,
 'SKAdNetwork 4 conversion values: a practical guide',
 'How SKAN 4 postbacks, coarse values and crowd anonymity work, and how to design an iOS conversion value schema your ad networks can optimise against.',
 'SKAN, iOS, attribution, privacy', 'SKAdNetwork 4, SKAN conversion values, iOS attribution, coarse conversion value, crowd anonymity',
 null, '/images/blog/skan-conversion-values.svg',
 now() - interval '48 days', now() - interval '47 days',
$html$<p>With most iOS users declining tracking, SKAdNetwork is the only signal many campaigns receive about what happens after the install. SKAN 4 made that signal richer, but also more complex. Here is what matters in practice.</p>
<h2>Three postbacks instead of one</h2>
<p>SKAN 4 sends up to three postbacks per install, one for each measurement window: days 0 to 2, days 3 to 7 and days 8 to 35. Only the first can carry a <strong>fine</strong> value (0 to 63); all three can carry a <strong>coarse</strong> value: low, medium or high. That means you can finally see whether users who installed in week one are still paying in week four.</p>
<h2>Crowd anonymity decides what you get</h2>
<p>Apple only returns the fine value and the full source identifier when a campaign has enough installs to protect user privacy. Small campaigns receive coarse values, or nothing at all. The practical consequence: <em>consolidate</em>. Fewer campaigns with more volume each will return more data than a long tail of micro ad sets.</p>
<h2>Designing the schema</h2>
<ul>
<li><p>Map coarse values to business outcomes your team already uses: <code>low</code> = activated, <code>medium</code> = trial or first purchase, <code>high</code> = paying above your target day-7 revenue.</p></li>
<li><p>Use the fine value for early revenue buckets, and lock the first window early with <code>lockWindow</code> once the decisive event has happened, so postbacks arrive sooner.</p></li>
<li><p>Keep the schema stable for at least a month. Every change resets what the networks have learned.</p></li>
</ul>
<h2>Reading the results</h2>
<p>Postbacks arrive with a random delay of one to two days for the first window, longer for the others. Compare SKAN data with your MMP's modelled data and with blended revenue, and make budget decisions on weekly trends rather than daily noise.</p>$html$),

('en', 'aso-keyword-research-playbook',
 'ASO keyword research: a repeatable process for the App Store and Google Play',
 'How we choose keywords for the title, subtitle and keyword field, and why Google Play needs a different approach from the App Store.',
 'ASO', 'Appgrove Team', 'published', false,
 'ASO keyword research process for App Store and Google Play',
 'A repeatable ASO keyword research process: seed lists, relevance and difficulty scoring, metadata placement on iOS and Android, and measuring the impact.',
 'ASO, keywords, App Store, Google Play', 'ASO keyword research, app store optimization, App Store keywords, Google Play ASO',
 null, '/images/blog/aso-keywords.svg',
 now() - interval '40 days', now() - interval '39 days',
$html$<p>App store optimisation starts with one question: which searches should your app appear for? Guessing is expensive, because Apple indexes only a few hundred characters of your metadata.</p>
<h2>1. Build a seed list from real language</h2>
<p>Read your reviews, your competitors' reviews and your support tickets. Users rarely describe a budgeting app as "personal finance management"; they type <em>budget planner</em> or <em>expense tracker</em>.</p>
<h2>2. Score relevance before volume</h2>
<p>A high-volume keyword that does not describe your app brings installs that churn on day one. We score each candidate on relevance (would a user searching this be happy to find us?), popularity and difficulty, and keep the relevant ones first.</p>
<h2>3. Place keywords where each store reads them</h2>
<ul>
<li><p><strong>App Store</strong>: title (30 characters), subtitle (30 characters) and the hidden keyword field (100 characters). Do not repeat words across them; Apple combines them for you.</p></li>
<li><p><strong>Google Play</strong>: title (30 characters), short description (80 characters) and the full description (4,000 characters), which is indexed. Write for people and repeat your main phrases naturally.</p></li>
</ul>
<h2>4. Measure, then iterate</h2>
<p>Change one metadata field per release and follow rankings and store conversion for two to three weeks. ASO compounds: every point of organic visibility lowers your blended cost per install.</p>$html$),

('en', 'retention-benchmarks-d1-d7-d30',
 'D1, D7, D30: reading retention curves before you scale paid campaigns',
 'Why retention is the first number we look at in an audit, which benchmarks are worth comparing against, and what to fix when the curve does not flatten.',
 'Analytics', 'Appgrove Team', 'published', false,
 'Mobile app retention: D1, D7 and D30 explained',
 'How to read D1, D7 and D30 retention curves, compare cohorts by channel and decide whether your app is ready to scale user acquisition.',
 'retention, cohorts, analytics, LTV', 'app retention, D1 retention, cohort analysis, mobile analytics, LTV',
 null, '/images/blog/retention-cohorts.svg',
 now() - interval '33 days', now() - interval '32 days',
$html$<p>Retention tells you whether the users you pay for will ever pay you back. Before we raise a single budget, we look at the curve.</p>
<h2>The three points that matter</h2>
<ul>
<li><p><strong>Day 1</strong> shows whether onboarding delivers on the promise of your ads and store page.</p></li>
<li><p><strong>Day 7</strong> shows whether the product becomes a habit.</p></li>
<li><p><strong>Day 30</strong> shows whether the curve flattens. A flat tail, even a low one, is a business; a curve that keeps falling to zero is not.</p></li>
</ul>
<h2>Benchmarks, with care</h2>
<p>Public benchmarks vary widely by category: games and social apps retain very differently from finance or utilities. Your own cohorts by channel, country and creative are more useful than any industry average. Compare like with like, and over several weeks.</p>
<h2>When the curve does not flatten</h2>
<ol>
<li><p>Check that ads and store screenshots promise what the first session delivers.</p></li>
<li><p>Shorten the path to the activation event.</p></li>
<li><p>Ask for push permission after the first moment of value, not on launch.</p></li>
</ol>
<p>Fixing retention first makes every later euro of acquisition spend work harder.</p>$html$),

('en', 'meta-advantage-plus-app-campaigns',
 'Meta Advantage+ app campaigns: what to test in your first 30 days',
 'Broad targeting, automated placements and creative volume: a short plan for launching Meta app campaigns without wasting the learning phase.',
 'Meta Ads', 'Appgrove Team', 'published', false,
 'Meta Advantage+ app campaigns: a 30-day launch plan',
 'How to launch Meta Advantage+ app campaigns: optimisation events, budgets for the learning phase, creative testing and iOS measurement.',
 'Meta Ads, Advantage+, creatives, iOS', 'Meta Advantage+ app campaigns, Facebook app ads, app install campaigns, creative testing',
 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', '/images/blog/meta-app-campaigns.svg',
 now() - interval '26 days', now() - interval '25 days',
$html$<p>Advantage+ app campaigns hand targeting, placements and most bidding decisions to Meta's delivery system. What is left to you matters more than ever: the optimisation event, the budget and the creatives.</p>
<h2>Week 1: choose an event the algorithm can reach</h2>
<p>Meta needs enough conversions per week to exit learning. If purchases are rare, optimise for a high-intent event that predicts them, such as trial start or registration, and move down the funnel once volume allows.</p>
<h2>Weeks 2 and 3: feed the creative pipeline</h2>
<p>Launch with at least six assets in different formats: vertical video, square video and static images. Refresh the weakest performers weekly rather than editing the campaign, which resets learning.</p>
<h2>Week 4: read results on iOS and Android separately</h2>
<p>iOS results rely on SKAN and aggregated measurement and arrive with a delay; Android results are near real time. Judge them against their own targets before reallocating budget between the two.</p>$html$),

('en', 'google-app-campaigns-tcpa-to-troas',
 'Google App Campaigns: when to move from installs to tCPA and tROAS',
 'App campaigns learn in stages. Moving to value bidding too early starves them; moving too late leaves money on the table. Here is how we decide.',
 'Google Ads', 'Appgrove Team', 'published', false,
 'Google App Campaigns: from installs to tCPA and tROAS',
 'When to switch Google App Campaigns from install volume to in-app actions and target ROAS bidding, and how to set the first targets.',
 'Google Ads, app campaigns, tROAS, bidding', 'Google App Campaigns, tROAS, tCPA, app install ads, Google Ads for apps',
 null, '/images/blog/google-app-campaigns.svg',
 now() - interval '19 days', now() - interval '18 days',
$html$<p>Google App Campaigns serve ads across Search, Google Play, YouTube and the Display network from one set of assets. Bidding is where most of the performance is won or lost.</p>
<h2>Stage 1: install volume</h2>
<p>New apps without conversion history start by optimising for installs. Keep this phase short and use it to validate that in-app events are firing correctly.</p>
<h2>Stage 2: in-app actions with a target CPA</h2>
<p>Once an in-app event converts consistently every day, switch to target cost per action. Set the first target close to what you actually observe, not what you wish you paid, and change it in small steps.</p>
<h2>Stage 3: target ROAS</h2>
<p>Value bidding needs a steady flow of purchase events with revenue. When purchases are frequent enough, a separate tROAS campaign lets Google favour users likely to spend more. Keep the tCPA campaign running until the new one is stable.</p>
<h2>Assets still decide the ceiling</h2>
<p>Provide every format Google asks for, including vertical video for YouTube Shorts, and replace assets rated "Low" regularly.</p>$html$),

('en', 'case-study-subscription-app-roas',
 'Case study: from 2.1x to 4.2x ROAS in eight weeks for a subscription app',
 'How a health subscription app doubled its return on ad spend by rebuilding its SKAN schema, consolidating campaigns and testing creatives weekly.',
 'Case Studies', 'Appgrove Team', 'published', false,
 'Case study: doubling ROAS for a subscription app in 8 weeks',
 'A subscription app went from 2.1x to 4.2x ROAS in eight weeks: measurement fixes, campaign consolidation and a weekly creative testing routine.',
 'case study, ROAS, subscription, SKAN', 'app marketing case study, ROAS growth, subscription app marketing, SKAN',
 null, '/images/blog/case-study-subscription.svg',
 now() - interval '11 days', now() - interval '10 days',
$html$<p>A European health and fitness app came to us with a healthy product and an unhealthy ad account: spend was growing, but return on ad spend was stuck around 2.1x.</p>
<h2>The challenge</h2>
<p>Twelve campaigns per platform split a modest budget, so most iOS campaigns never reached the installs needed to receive fine conversion values. The team was optimising on data it could not see.</p>
<h2>What we changed</h2>
<ul>
<li><p>A new SKAN schema built around trial start and the first renewal signal.</p></li>
<li><p>Campaigns consolidated from twelve to three per platform.</p></li>
<li><p>A weekly creative sprint: three new concepts, one winner scaled, the rest retired.</p></li>
</ul>
<h2>The results</h2>
<p>After eight weeks, blended ROAS reached <strong>4.2x</strong>, cost per trial fell by more than half, and the client could finally raise budgets with confidence.</p>$html$),

('en', 'draft-privacy-manifests-checklist',
 'Privacy manifests: a checklist for marketing SDKs',
 'Draft: what app teams need to check in their analytics and attribution SDKs before the next App Store review.',
 'Industry News', 'Appgrove Team', 'draft', false,
 null, null, 'privacy, iOS, SDK', 'privacy manifest, required reason API, iOS SDK',
 null, '/images/blog/privacy-manifest.svg',
 now() - interval '3 days', null,
$html$<p>Work in progress: this checklist is not published yet.</p>$html$),

('en', 'what-is-next-for-ios-attribution',
 'What is next for iOS attribution',
 'Scheduled: our outlook on AdAttributionKit, SKAN and modelled measurement for the coming year.',
 'Industry News', 'Appgrove Team', 'published', false,
 null, null, 'iOS, attribution, AdAttributionKit', 'AdAttributionKit, SKAdNetwork, iOS attribution outlook',
 null, '/images/blog/ios-attribution-outlook.svg',
 now() - interval '1 day', now() + interval '30 days',
$html$<p>This post is scheduled and must not be visible before its publication date.</p>$html$),

-- ---------------------------------------------------------------------------------------------
-- Français
-- ---------------------------------------------------------------------------------------------

('fr', 'acquisition-utilisateurs-mobile-methode-complete',
 'Acquisition mobile : notre méthode complète, du premier install à la rentabilité',
 'Mesure, canaux, créas, fiche store, rétention : l''ordre dans lequel nous remettons d''aplomb la croissance payante d''une app, et pourquoi cet ordre compte.',
 'Mobile Marketing', 'L''équipe Appgrove', 'published', false,
 'Acquisition d''utilisateurs mobile : la méthode complète',
 'Notre méthode d''acquisition mobile pas à pas : tracking, SKAN, choix des canaux, tests créatifs, ASO et rétention, avec une checklist de lancement.',
 'acquisition, croissance, méthode, ROAS', 'acquisition utilisateurs mobile, stratégie marketing app, user acquisition, ROAS, SKAdNetwork',
 null, '/images/blog/ua-playbook.svg',
 now() - interval '61 days', now() - interval '59 days',
$html$<h1>Acquisition mobile : la méthode complète</h1>
<p>Quand la croissance payante d'une app patine, le coupable est rarement l'achat média. Le plus souvent, c'est la <strong>mesure</strong>, la <em>conversion sur les stores</em> ou la rétention qui pèchent, et le trafic payant ne fait qu'en alourdir la facture. Voici l'ordre dans lequel nous remettons les choses à plat avec chaque nouveau client.</p>
<img src="/images/blog/ua-funnel.svg" alt="Le tunnel de croissance d'une app : impression, visite de la fiche, installation, activation, premier achat, rétention" title="Le tunnel de croissance mobile" width="1200" height="630">
<h2>1. La mesure avant le média</h2>
<p>Avant de dépenser le premier euro, chaque installation et chaque événement clé doivent pouvoir être attribués. Sur Android, cela passe par un MMP et le Play Install Referrer. Sur iOS, il faut partir du principe que la majorité des utilisateurs refuseront l'ATT, et construire sa mesure autour de <a target="_blank" rel="noopener noreferrer nofollow" href="https://developer.apple.com/documentation/storekit/skadnetwork">SKAdNetwork</a>.</p>
<h3>Les événements à suivre dès le premier jour</h3>
<ul>
<li><p><strong>L'activation</strong> : le moment où l'utilisateur tire un vrai bénéfice de l'app (premier entraînement, premier virement, premier niveau terminé).</p></li>
<li><p><strong>Le début d'essai</strong> et <strong>le premier achat</strong>, avec le revenu associé.</p></li>
<li><p><strong>Le retour à J1 et à J7</strong>, pour juger la qualité d'une cohorte avant que le revenu ne tombe.</p></li>
</ul>
<p>Des noms d'événements simples et stables valent mieux qu'une nomenclature brillante réécrite chaque trimestre : un <code>purchase_completed</code> qui ne bouge jamais, c'est de l'or pour vos analyses.</p>
<h3>Un schéma de valeurs de conversion qui tient en 64 valeurs</h3>
<p>SKAN 4 remonte une valeur fine (de 0 à 63) dans le premier postback, et une valeur grossière (low, medium, high) dans les trois. Nous codons les paliers de revenu dans les bits de poids faible et l'engagement dans les bits de poids fort :</p>
<pre><code class="language-typescript">// Valeur fine = palier de revenu (0-7) + 8 x niveau d'engagement (0-7)
function fineConversionValue(revenueEur: number, sessions: number): number {
  const revenueBucket = Math.min(7, Math.floor(Math.log2(1 + revenueEur)));
  const engagement = Math.min(7, sessions);
  return revenueBucket + 8 * engagement;
}</code></pre>
<blockquote><p>Si vous ne pouvez pas expliquer votre schéma de valeurs de conversion en une phrase, vos media buyers ne pourront pas l'optimiser.</p></blockquote>
<h2>2. Choisir ses canaux selon l'intention, pas par habitude</h2>
<ol>
<li><p><strong>Apple Search Ads</strong> capte des utilisateurs qui cherchent déjà sur l'App Store : peu de volume, mais l'intention la plus forte.</p></li>
<li><p><strong>Google App Campaigns</strong> diffuse sur le Search, le Play Store, YouTube et le Display avec une seule campagne ; laissez-la apprendre sur les installs avant de passer aux actions in-app.</p></li>
<li><p><strong>Meta Advantage+</strong> monte en puissance le plus vite, à condition d'alimenter la machine en créas.</p></li>
<li><p><strong>TikTok</strong> fonctionne quand votre produit se montre en deux secondes, sans avoir besoin d'être expliqué.</p></li>
</ol>
<p>Commencez avec deux canaux, pas cinq : chaque réseau supplémentaire dilue votre budget d'apprentissage et l'attention de votre équipe créa.</p>
<hr>
<h2>3. La créa est devenue le ciblage</h2>
<p>Ce sont désormais les algorithmes qui choisissent l'audience ; votre créa, elle, décide qui s'arrête de scroller. Nous lançons <u>trois nouveaux concepts par semaine</u> et par canal principal, jugés sur le coût par activation, jamais sur le seul taux de clic. Les fameux tableaux d'« audiences gagnantes » cachent le plus souvent <s>un problème de ciblage</s> un problème de créa.</p>
<p>Chaque concept part avec une hypothèse en une ligne :<br>« Les parents de jeunes enfants installent plus vite quand ils voient le rituel du coucher dès la première seconde. »<br>Même si l'hypothèse tombe, vous avez appris quelque chose sur vos utilisateurs.</p>
<h2>4. Soigner la fiche store avant d'accélérer</h2>
<p>Tout votre trafic payant atterrit sur vos fiches App Store et Google Play. Faire passer le taux de conversion de la fiche de 25 % à 35 %, c'est baisser le coût par install de près de 30 % sur tous les canaux à la fois. Testez captures d'écran et première ligne de description avant d'augmenter les budgets.</p>
<h2>5. C'est la rétention qui paie l'acquisition</h2>
<p>Le CPI maximum que vous pouvez vous permettre dépend de la LTV, et la LTV dépend d'abord de la rétention. L'onboarding, le bon moment pour demander l'autorisation des notifications et les messages de la première semaine font partie de l'acquisition, même si une autre équipe les pilote.</p>
<h2>Checklist de lancement</h2>
<ul data-type="taskList">
<li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>SDK du MMP intégré et install referrer vérifié sur Android</p></div></li>
<li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked="checked"><span></span></label><div><p>Schéma de valeurs de conversion SKAN documenté et partagé avec chaque régie</p></div></li>
<li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Trois concepts créatifs par canal prêts pour la première semaine</p></div></li>
<li data-type="taskItem" data-checked="false"><label><input type="checkbox"><span></span></label><div><p>Test A/B des captures d'écran lancé sur la fiche store</p></div></li>
</ul>
<p>Envie d'appliquer cette méthode à votre app ? <a target="_blank" rel="noopener noreferrer nofollow" href="/fr/contact">Demandez votre audit de croissance gratuit</a>.</p>$html$),

('fr', 'skan-4-valeurs-de-conversion',
 'SKAdNetwork 4 : bien paramétrer ses valeurs de conversion',
 'Trois postbacks, valeurs fines et grossières, seuils d''anonymat : ce qui change vraiment pour le marketing iOS, et comment bâtir un schéma qui tient la route.',
 'iOS Marketing', 'L''équipe Appgrove', 'published', true,
 'SKAdNetwork 4 : paramétrer ses valeurs de conversion',
 'Postbacks SKAN 4, valeurs grossières et seuils d''anonymat : comment concevoir un schéma de valeurs de conversion iOS que vos régies peuvent optimiser.',
 'SKAN, iOS, attribution, confidentialité', 'SKAdNetwork 4, valeurs de conversion SKAN, attribution iOS, coarse conversion value',
 null, '/images/blog/skan-conversion-values.svg',
 now() - interval '47 days', now() - interval '46 days',
$html$<p>Depuis que la majorité des utilisateurs iOS refusent le suivi publicitaire, SKAdNetwork est souvent le seul signal post-install dont disposent les campagnes. SKAN 4 l'a enrichi, mais aussi sérieusement complexifié. Voici ce qui compte sur le terrain.</p>
<h2>Trois postbacks au lieu d'un</h2>
<p>SKAN 4 envoie jusqu'à trois postbacks par installation, un par fenêtre de mesure : de J0 à J2, de J3 à J7, puis de J8 à J35. Seul le premier peut contenir une valeur <strong>fine</strong> (de 0 à 63) ; les trois peuvent contenir une valeur <strong>grossière</strong> : low, medium ou high. Pour la première fois, on voit si les utilisateurs recrutés en première semaine paient encore un mois plus tard.</p>
<h2>Les seuils d'anonymat décident de ce que vous recevez</h2>
<p>Apple ne renvoie la valeur fine et l'identifiant de source complet que lorsqu'une campagne génère assez d'installations pour protéger l'anonymat des utilisateurs. Les petites campagnes reçoivent une valeur grossière, voire rien du tout. Conséquence directe : <em>regroupez</em>. Moins de campagnes, mais plus de volume chacune, et vous récupérerez bien plus de données.</p>
<h2>Construire le schéma</h2>
<ul>
<li><p>Alignez les valeurs grossières sur des résultats business que l'équipe suit déjà : <code>low</code> = utilisateur activé, <code>medium</code> = essai ou premier achat, <code>high</code> = revenu supérieur à votre objectif à J7.</p></li>
<li><p>Réservez la valeur fine aux paliers de revenu précoces et clôturez la première fenêtre avec <code>lockWindow</code> dès que l'événement décisif a eu lieu : les postbacks arrivent plus tôt.</p></li>
<li><p>Ne touchez plus au schéma pendant au moins un mois : chaque modification remet à zéro l'apprentissage des régies.</p></li>
</ul>
<h2>Lire les résultats</h2>
<p>Les postbacks arrivent avec un délai aléatoire de 24 à 48 heures pour la première fenêtre, davantage pour les suivantes. Croisez les données SKAN avec la modélisation de votre MMP et le revenu global, et arbitrez sur des tendances hebdomadaires plutôt que sur le bruit du quotidien.</p>$html$),

('fr', 'aso-7-leviers-fiche-store',
 'ASO : 7 leviers pour faire décoller votre fiche sur l''App Store et Google Play',
 'Mots-clés, icône, captures d''écran, notes, événements in-app : les leviers d''optimisation qui font vraiment bouger le volume organique.',
 'ASO', 'L''équipe Appgrove', 'published', false,
 'ASO : 7 leviers pour optimiser votre fiche App Store et Google Play',
 'Les 7 leviers ASO qui font progresser visibilité et conversion sur l''App Store et Google Play : métadonnées, visuels, avis, tests A/B et événements in-app.',
 'ASO, App Store, Google Play, conversion', 'ASO, optimisation App Store, référencement application, Google Play, mots-clés app',
 null, '/images/blog/aso-keywords.svg',
 now() - interval '39 days', now() - interval '38 days',
$html$<p>L'ASO, c'est le référencement naturel des applications : être trouvé sur les bonnes recherches, puis convaincre en quelques secondes. Voici les sept leviers que nous activons en priorité.</p>
<ol>
<li><p><strong>Le titre</strong> (30 caractères sur les deux stores) : votre marque et le mot-clé le plus pertinent, pas une liste de termes.</p></li>
<li><p><strong>Le sous-titre iOS et la description courte Android</strong> : une promesse claire qui contient un deuxième mot-clé.</p></li>
<li><p><strong>Le champ mots-clés de l'App Store</strong> (100 caractères) : pas de répétition avec le titre, pas d'espaces après les virgules, pas de pluriels inutiles.</p></li>
<li><p><strong>La description longue sur Google Play</strong> : elle est indexée, écrivez-la pour des humains en reprenant naturellement vos expressions principales.</p></li>
<li><p><strong>Les captures d'écran</strong> : les deux premières font l'essentiel du travail. Un bénéfice par écran, lisible sur mobile.</p></li>
<li><p><strong>Les notes et les avis</strong> : sollicitez l'avis au bon moment, juste après une réussite de l'utilisateur, et répondez aux avis négatifs.</p></li>
<li><p><strong>Les tests et les événements</strong> : Product Page Optimization et les pages produit personnalisées sur iOS, les tests de fiche sur Google Play, et les événements in-app pour revenir dans les résultats de recherche.</p></li>
</ol>
<h2>Mesurer sans se raconter d'histoires</h2>
<p>Ne modifiez qu'un élément à la fois et suivez classements et taux de conversion pendant deux à trois semaines. Les gains d'ASO s'additionnent : chaque point de visibilité organique fait baisser votre coût d'acquisition global.</p>$html$),

('fr', 'attribution-mobile-choisir-son-mmp',
 'Attribution mobile : bien choisir et configurer son MMP',
 'AppsFlyer, Adjust, Singular, Branch… Les critères qui comptent vraiment pour choisir un outil d''attribution, et les erreurs de configuration les plus fréquentes.',
 'Analytics', 'L''équipe Appgrove', 'published', false,
 'Attribution mobile : choisir et configurer son MMP',
 'Comment choisir un MMP pour l''attribution mobile (intégrations, SKAN, coûts, données brutes) et éviter les erreurs de configuration qui faussent vos chiffres.',
 'attribution, MMP, analytics, SKAN', 'attribution mobile, MMP, AppsFlyer, Adjust, Singular, mesure marketing app',
 null, '/images/blog/attribution-mmp.svg',
 now() - interval '31 days', now() - interval '30 days',
$html$<p>Le MMP (Mobile Measurement Partner) est l'arbitre de vos campagnes : c'est lui qui dit quelle régie a apporté quel utilisateur. Un mauvais choix ou une configuration bâclée, et toutes vos décisions budgétaires reposent sur des chiffres faux.</p>
<h2>Les critères de choix</h2>
<ul>
<li><p><strong>Les intégrations</strong> avec vos régies actuelles et futures, y compris les remontées de coûts.</p></li>
<li><p><strong>La gestion de SKAN</strong> : configuration des valeurs de conversion, décodage des postbacks, modélisation.</p></li>
<li><p><strong>L'accès aux données brutes</strong> pour votre entrepôt de données, sans surcoût caché.</p></li>
<li><p><strong>Le modèle de prix</strong> : au volume d'attributions ou au forfait, à projeter sur vos objectifs de croissance.</p></li>
</ul>
<h2>Les erreurs de configuration les plus courantes</h2>
<ol>
<li><p>Des événements envoyés deux fois, par le SDK et par le serveur.</p></li>
<li><p>Des fenêtres d'attribution différentes d'une régie à l'autre, qui rendent les comparaisons impossibles.</p></li>
<li><p>Un revenu remonté brut d'un côté, net des commissions des stores de l'autre.</p></li>
</ol>
<p>Un audit de tracking d'une demi-journée évite souvent des mois de mauvaises décisions.</p>$html$),

('fr', 'tiktok-ads-tester-creas-app',
 'TikTok Ads : notre méthode pour tester les créas d''une app',
 'Sur TikTok, la créa fait tout. Notre routine de test hebdomadaire, de l''accroche des deux premières secondes jusqu''au passage à l''échelle des gagnantes.',
 'TikTok Marketing', 'L''équipe Appgrove', 'published', false,
 'TikTok Ads pour les apps : méthode de test créatif',
 'Notre méthode pour tester les créas TikTok d''une application mobile : hypothèses, accroches, formats natifs, indicateurs et passage à l''échelle.',
 'TikTok, créas, UGC, acquisition', 'TikTok Ads, publicité TikTok application, test créatif, UGC, acquisition mobile',
 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', '/images/blog/tiktok-creatives.svg',
 now() - interval '24 days', now() - interval '23 days',
$html$<p>Sur TikTok, une publicité qui ressemble à une publicité est zappée. Les créas qui performent ressemblent à du contenu natif, et c'est pour ça qu'il faut en tester beaucoup, vite.</p>
<h2>Une hypothèse par concept</h2>
<p>Chaque créa part d'une idée testable : un problème, un public, une promesse. « Les étudiants installent une app de budget quand on leur montre le solde à la fin du mois » est une hypothèse ; « une vidéo dynamique » n'en est pas une.</p>
<h2>Les deux premières secondes</h2>
<p>L'accroche décide de tout. Nous déclinons chaque concept en trois accroches différentes avant de toucher au reste de la vidéo.</p>
<h2>Les bons indicateurs</h2>
<ul>
<li><p>Le taux de visionnage à 2 et 6 secondes pour juger l'accroche.</p></li>
<li><p>Le coût par activation, et non le coût par clic, pour juger la créa.</p></li>
<li><p>La fatigue : dès que la performance d'une gagnante baisse deux semaines de suite, on la remplace.</p></li>
</ul>
<p>Les gagnantes passent ensuite en Spark Ads, diffusées depuis le compte de créateurs, pour gagner en crédibilité.</p>$html$),

('fr', 'meta-ads-campagnes-app-advantage-plus',
 'Meta Ads : lancer ses campagnes d''app Advantage+ sans gâcher l''apprentissage',
 'Événement d''optimisation, budget, volume de créas : les trois décisions qui restent entre vos mains sur les campagnes d''app Advantage+.',
 'Meta Ads', 'L''équipe Appgrove', 'published', false,
 'Meta Advantage+ : lancer ses campagnes d''application',
 'Comment lancer des campagnes d''application Advantage+ sur Meta : choisir l''événement d''optimisation, dimensionner le budget et organiser les tests créatifs.',
 'Meta Ads, Advantage+, Facebook, Instagram', 'Meta Advantage+, campagne application Facebook, publicité Instagram app, acquisition mobile',
 null, '/images/blog/meta-app-campaigns.svg',
 now() - interval '17 days', now() - interval '16 days',
$html$<p>Avec Advantage+, Meta prend la main sur le ciblage, les placements et l'essentiel des enchères. Ce qui vous reste compte d'autant plus : l'événement d'optimisation, le budget et les créas.</p>
<h2>Un événement que l'algorithme peut atteindre</h2>
<p>Pour sortir de la phase d'apprentissage, Meta a besoin d'un volume suffisant de conversions chaque semaine. Si les achats sont rares, optimisez d'abord sur un événement à forte intention qui les annonce, comme l'inscription ou le début d'essai.</p>
<h2>Un budget à la hauteur de l'objectif</h2>
<p>Un budget trop serré laisse la campagne coincée en apprentissage. Mieux vaut une seule campagne correctement financée que trois campagnes qui se partagent les miettes.</p>
<h2>Un flux régulier de créas</h2>
<p>Lancez au moins six visuels dans des formats variés (vidéo verticale, vidéo carrée, images fixes) et remplacez chaque semaine les moins performants plutôt que de modifier la campagne, ce qui relancerait l'apprentissage.</p>$html$),

('fr', 'etude-de-cas-igaming-italie',
 'Étude de cas : un coût par premier dépôt sous les 80 € sur le marché italien régulé',
 'Comment nous avons lancé l''acquisition d''un opérateur iGaming en Italie, avec un coût par premier dépôt maîtrisé et une conformité réglementaire totale.',
 'Case Studies', 'L''équipe Appgrove', 'published', false,
 'Étude de cas iGaming Italie : CPA premier dépôt sous 80 €',
 'Étude de cas : acquisition mobile d''un opérateur iGaming sur le marché italien régulé, avec un coût par premier dépôt inférieur à 80 € et 100 % de conformité.',
 'étude de cas, iGaming, Italie, conformité', 'étude de cas acquisition mobile, iGaming Italie, coût par premier dépôt, marketing réglementé',
 null, '/images/blog/case-study-igaming.svg',
 now() - interval '9 days', now() - interval '8 days',
$html$<p>Un opérateur de jeux en ligne agréé souhaitait accélérer l'acquisition de joueurs sur son application en Italie, l'un des marchés les plus encadrés d'Europe.</p>
<h2>Le défi</h2>
<p>Publicité très restreinte, contrôles stricts sur les messages, concurrence forte sur les rares canaux autorisés : chaque euro devait être dépensé dans un cadre juridique irréprochable.</p>
<h2>Notre approche</h2>
<ul>
<li><p>Un plan média limité aux canaux et formats conformes, validé avec l'équipe juridique du client.</p></li>
<li><p>Un tracking centré sur le premier dépôt, et non sur l'installation.</p></li>
<li><p>Des créas informatives, sans promesse de gain, testées chaque semaine.</p></li>
</ul>
<h2>Les résultats</h2>
<p>Un coût par premier dépôt stabilisé <strong>sous les 80 €</strong>, et <strong>100 % de conformité</strong> sur l'ensemble des campagnes.</p>$html$),

('fr', 'brouillon-manifeste-confidentialite-ios',
 'Manifestes de confidentialité iOS : la checklist des SDK marketing',
 'Brouillon : les points à vérifier dans vos SDK d''analytics et d''attribution avant la prochaine revue App Store.',
 'Industry News', 'L''équipe Appgrove', 'draft', false,
 null, null, 'confidentialité, iOS, SDK', 'manifeste de confidentialité, privacy manifest, SDK iOS',
 null, '/images/blog/privacy-manifest.svg',
 now() - interval '2 days', null,
$html$<p>Article en cours de rédaction, pas encore publié.</p>$html$),

('fr', 'perspectives-attribution-ios',
 'Attribution iOS : ce qui nous attend',
 'Programmé : notre regard sur AdAttributionKit, SKAN et la mesure modélisée pour l''année à venir.',
 'Industry News', 'L''équipe Appgrove', 'published', false,
 null, null, 'iOS, attribution, AdAttributionKit', 'AdAttributionKit, SKAdNetwork, avenir attribution iOS',
 null, '/images/blog/ios-attribution-outlook.svg',
 now() - interval '1 day', now() + interval '30 days',
$html$<p>Cet article est programmé et ne doit pas être visible avant sa date de publication.</p>$html$)

on conflict (language, slug) do nothing;
