import type { PostCategory } from "@/config/blog";
import type { PublicRouteId } from "@/config/routes";
import { site } from "@/config/site";

interface PageMeta {
  title: string;
  description: string;
}

export const en = {
  skipToContent: "Skip to content",
  routes: {
    home: "Home",
    services: "Services",
    caseStudies: "Case Studies",
    about: "About",
    contact: "Contact",
    blog: "Blog",
    blogPost: "Article",
    thankYou: "Thank you",
    privacy: "Privacy Policy",
    sitemap: "Sitemap",
    newsletterConfirm: "Confirm your subscription",
    newsletterUnsubscribe: "Unsubscribe",
  } satisfies Record<PublicRouteId, string>,
  meta: {
    home: {
      title: "Mobile App Growth Agency",
      description: `${site.name} grows iOS and Android apps: user acquisition, retargeting, app store optimisation, SKAN and attribution. Get a free app growth audit.`,
    },
    services: {
      title: "Services: User Acquisition, ASO, SKAN & Analytics",
      description:
        "User acquisition, retargeting and retention, app store optimisation, funnel analytics, SKAN and attribution-partner setup for mobile apps.",
    },
    caseStudies: {
      title: "Case Studies",
      description: `How ${site.name} scaled first-time depositors in sports betting, first purchases in eCommerce and compliant iGaming growth in Italy.`,
    },
    about: {
      title: "About Us",
      description: `Meet the mobile growth specialists behind ${site.name}: 50+ apps helped, data-driven campaigns and privacy-first measurement.`,
    },
    contact: {
      title: "Contact Us",
      description: `Book a free consultation with ${site.name}. We reply within 24 hours, Monday to Friday, 9:00 to 18:00 CET.`,
    },
    blog: {
      title: "Mobile Growth Blog",
      description:
        "Practical guides on user acquisition, ASO, SKAN, retention and analytics for app marketers.",
    },
    blogPost: {
      title: "Article",
      description: `Mobile growth insights from the ${site.name} team.`,
    },
    thankYou: {
      title: "Thank You",
      description: `Thanks for reaching out. A growth specialist from ${site.name} will reply within 24 hours.`,
    },
    privacy: {
      title: "Privacy Policy",
      description: `How ${site.name} collects, uses and protects your personal data, which cookies we use and how to exercise your rights.`,
    },
    sitemap: {
      title: "Sitemap",
      description: `Every page of the ${site.name} website in one place.`,
    },
    newsletterConfirm: {
      title: "Confirm your newsletter subscription",
      description: `Confirm that you want to receive the ${site.name} newsletter.`,
    },
    newsletterUnsubscribe: {
      title: "Unsubscribe from the newsletter",
      description: `Stop receiving the ${site.name} newsletter.`,
    },
  } satisfies Record<PublicRouteId, PageMeta>,
  header: {
    bookConsultation: "Book Free Consultation",
    openMenu: "Open menu",
    closeMenu: "Close menu",
    mainNavigation: "Main navigation",
    homeLink: `${site.name} home page`,
  },
  footer: {
    tagline:
      "We grow iOS and Android apps with data-driven user acquisition, retention and privacy-first measurement.",
    emailUs: "Email us",
    servicesHeading: "Services",
    companyHeading: "Company",
    rights: (year: number, brand: string) => `© ${year} ${brand}. All rights reserved.`,
  },
  notFound: {
    title: "Oops! Page not found",
    body: "The page you are looking for does not exist or has moved.",
    cta: "Return to Home",
  },
  routeError: {
    title: "Something went wrong",
    body: "This page could not be displayed. Please reload it.",
    reload: "Reload the page",
  },
  categories: {
    "Mobile Marketing": "Mobile Marketing",
    "iOS Marketing": "iOS Marketing",
    "Google Ads": "Google Ads",
    "Meta Ads": "Meta Ads",
    "TikTok Marketing": "TikTok Marketing",
    ASO: "ASO",
    Analytics: "Analytics",
    "Case Studies": "Case Studies",
    "Industry News": "Industry News",
  } satisfies Record<PostCategory, string>,
  blog: {
    eyebrow: "Insights",
    heading: "Mobile growth, explained",
    intro:
      "Field notes from the campaigns we run: user acquisition, ASO, SKAN, retention and the analytics that tie them together.",
    filterLabel: "Filter articles by category",
    all: "All",
    video: "Video",
    featured: "Featured",
    readMore: "Read more",
    empty: "No articles yet. Check back soon.",
    emptyCategory: "No articles in this category yet.",
    showAll: "Show all articles",
    loadMore: "Load more articles",
    loadingMore: "Loading...",
    loading: "Loading articles...",
    by: (author: string) => `By ${author}`,
    backToBlog: "Back to blog",
    errorTitle: "Error",
    notFound: "Blog post not found",
    loadFailed: "Failed to load blog post",
    playVideo: (title: string) => `Play the video: ${title}`,
    videoNotice: "Plays from YouTube (privacy-enhanced mode) when you click.",
    ctaHeading: "Want these results for your app?",
    ctaBody:
      "Get a free app growth audit: we review your acquisition, store listing and measurement, and send you a prioritised plan.",
    feed: {
      title: (brand: string) => `${brand} blog`,
      description: (brand: string) => `Mobile growth insights from the ${brand} team.`,
    },
    ctaButton: "Get my free audit",
  },
  leadForm: {
    fields: {
      name: { label: "Full Name", placeholder: "Jane Smith" },
      email: { label: "Email Address", placeholder: "jane@yourapp.com" },
      company: { label: "Company Name", placeholder: "Your company" },
      website: { label: "Website URL", placeholder: "https://yourapp.com" },
      appLink: {
        label: "App link",
        placeholder: "https://apps.apple.com/… or https://play.google.com/…",
      },
      budget: { label: "Monthly Budget", placeholder: "Select a range" },
      message: {
        label: "Tell us about your app",
        placeholder: "Your app, your goals and what you have tried so far",
      },
      contactMessage: {
        label: "Message",
        placeholder: "How can we help your app grow?",
      },
    },
    budgets: {
      under5k: "Less than €5,000 per month",
      from5kTo20k: "€5,000 to €20,000 per month",
      from20kTo50k: "€20,000 to €50,000 per month",
      from50kTo100k: "€50,000 to €100,000 per month",
      over100k: "More than €100,000 per month",
      notSure: "Not sure yet",
    },
    requiredHint: "Fields marked * are required.",
    optional: "optional",
    submitAudit: "Get My Free Audit",
    submitContact: "Send Message",
    sending: "Sending...",
    success: "Message sent successfully!",
    failureTitle: "Error",
    failure: "Failed to send message. Please try again.",
    tooManyRequests:
      "We have received many messages from your network in the last hour. Please try again a little later.",
    honeypot: "Leave this field empty",
    errors: {
      nameRequired: "Please enter your name.",
      emailRequired: "Please enter your email address.",
      emailInvalid: "Please enter a valid email address, like name@example.com.",
      messageRequired: "Please write a short message.",
      urlInvalid: "Please enter a valid link, like https://example.com.",
      budgetInvalid: "Please choose a budget from the list.",
      invalidCharacters: "This field contains characters that are not allowed.",
      tooLong: (max: number) => `Please keep this under ${max.toLocaleString("en")} characters.`,
    },
  },
  newsletter: {
    heading: "Get our growth notes by e-mail",
    body: "One e-mail a month with our latest articles on user acquisition, ASO and measurement. Unsubscribe at any time.",
    label: "Email address",
    placeholder: "you@yourapp.com",
    submit: "Subscribe",
    submitting: "Subscribing...",
    success:
      "Almost done: we have sent you an e-mail. Follow its link to confirm your subscription.",
    failure: "We could not subscribe you. Please try again.",
    tooManyRequests:
      "We have received many sign-ups from your network in the last hour. Please try again later.",
  },
  consent: {
    title: "Cookies and analytics",
    body: "With your consent we use Google Analytics and the Meta pixel to measure our campaigns and see which pages help visitors. Nothing is loaded unless you accept, and you can change your choice at any time.",
    privacyLink: "Read our Privacy Policy",
    accept: "Accept",
    reject: "Reject",
    settings: "Cookie settings",
  },
};

export type Dictionary = typeof en;
