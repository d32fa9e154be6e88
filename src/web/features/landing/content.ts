import {
  BookmarkCheck,
  Clock,
  FileText,
  Library,
  ListChecks,
  type LucideIcon,
  MessagesSquare,
  Sparkles,
  UserRound,
  Video,
} from 'lucide-react';

/** The landing page's copy, kept as data so the markup maps over it once per section. */

export interface TitledText {
  title: string;
  text: string;
}

export interface IconText extends TitledText {
  icon: LucideIcon;
}

export const hero = {
  eyebrow: 'AI business consulting from the videos you already watch',
  title: 'Turn any business video into advice for your business',
  lead:
    'Paste a YouTube link, a transcript or a caption file. Vidvisor’s AI consultant reads it with your ' +
    'business profile, then answers your questions in a chat, citing the moments of the video it used.',
  note: 'Free plan: 30,000 tokens a month, about 2 videos with follow-up chat. No card needed.',
} as const;

export const demo = {
  title: 'See a consultation from start to finish',
  intro: 'From a pasted YouTube link to a plan that fits your business, in one chat.',
  videoCaption: 'Walk-through: from a YouTube link to follow-up questions.',
  recordedCaption:
    'A silent walk-through: a pasted transcript becomes an answer that streams in and cites moments such as [01:52], each a link to that moment of the video; then the usage panel shows the tokens it took.',
} as const;

export const whatItIs = {
  title: 'What Vidvisor is',
  paragraphs: [
    'You watch a talk on pricing, a podcast on hiring, a teardown of someone’s ad funnel. It’s useful, ' +
      'for the person who made it. The hard part is working out what it means for you.',
    'Vidvisor is an AI business consultant that has read both the video and your business profile: ' +
      'what you sell, to whom, your goals and what is in the way. Ask what to try first or what doesn’t ' +
      'apply to you. It answers for your business and cites the video as [mm:ss], so you can check.',
  ],
  contrast: [
    { title: 'A summary tells you', text: 'what the speaker said, in fewer words.' },
    { title: 'Vidvisor tells you', text: 'what to do with it in your business, and what to skip.' },
  ],
} as const satisfies { title: string; paragraphs: readonly string[]; contrast: readonly TitledText[] };

export const steps: readonly TitledText[] = [
  {
    title: 'Describe your business once',
    text:
      'Fill in your business profile: what you sell, who your customers are, your goals and your ' +
      'current challenges. Every answer builds on it.',
  },
  {
    title: 'Add a video',
    text:
      'Paste a YouTube link. If its captions can’t be fetched, paste the transcript or upload an .srt or ' +
      '.vtt caption file instead.',
  },
  {
    title: 'Read your first answer',
    text:
      'The chat opens with what the video means for your business: the ideas worth trying and the ones ' +
      'to leave alone.',
  },
  {
    title: 'Ask follow-up questions',
    text: 'Push back, ask for examples, narrow it down. Every chat is saved, so you can pick it up later.',
  },
];

export const examplePrompts: readonly string[] = [
  'Which two ideas from this video could I test this month with less than $500?',
  'My customers are busy clinic owners. How would this sales script need to change for them?',
  'What does the speaker say about pricing, and does it fit a one-person agency?',
  'Turn the advice at [12:40] into a checklist I can hand to my assistant.',
  'Given my goals for the next six months, what in this video would you ignore?',
  'Write three subject lines for my launch email based on the hooks in this talk.',
];

export const features: readonly IconText[] = [
  {
    icon: Video,
    title: 'A consultation for every video',
    text: 'Each video becomes its own chat, focused on what it means for you rather than a recap.',
  },
  {
    icon: UserRound,
    title: 'Grounded in your business profile',
    text: 'Your offer, market, goals and challenges shape every answer, so the advice is not generic.',
  },
  {
    icon: Clock,
    title: 'Timestamps you can check',
    text: 'Answers point to moments of the video as [mm:ss], so you can rewatch the part that matters.',
  },
  {
    icon: MessagesSquare,
    title: 'Conversational follow-up',
    text: 'Keep asking until the advice is something you can act on this week.',
  },
  {
    icon: BookmarkCheck,
    title: 'A library of saved chats',
    text: 'Every consultation is saved. Search your past chats and reopen any of them.',
  },
  {
    icon: FileText,
    title: 'Links, transcripts or caption files',
    text: 'Start from a YouTube link, a pasted transcript, or an .srt or .vtt file.',
  },
  {
    icon: Sparkles,
    title: 'Video suggestions',
    text: 'Weekly picks and videos found for your keywords, each one a click away from a consultation.',
  },
  {
    icon: Library,
    title: 'Ask your library',
    text: 'Ask one question across every video you have consulted on, with the moments it draws on.',
  },
  {
    icon: ListChecks,
    title: 'My Plan',
    text: 'Keep the steps you choose from your answers as a plan, with due dates, and tick them off.',
  },
];

export const audiences: readonly TitledText[] = [
  {
    title: 'Agency owners',
    text: 'Turn the strategy talks you save for later into offers, processes and pitches for your clients.',
  },
  {
    title: 'Content creators',
    text: 'Learn from other creators’ breakdowns and get a plan that fits your niche and your audience.',
  },
  {
    title: 'People validating an idea',
    text: 'Check an idea against what experienced founders say, before you spend months building it.',
  },
  {
    title: 'Ecommerce sellers',
    text: 'Adapt tactics on ads, product pages and retention to your own products and customers.',
  },
  {
    title: 'SaaS founders',
    text: 'Apply talks on pricing, onboarding and churn to your product’s stage and your real users.',
  },
];

export const businessTypes = {
  title: 'Works for many kinds of business',
  intro:
    'Your profile is what makes the advice specific, so Vidvisor can help with nearly any business you ' +
    'can describe. A few it suits well:',
  items: [
    'Marketing and creative agencies',
    'Coaching and consulting',
    'Online courses',
    'YouTube channels and podcasts',
    'Online stores',
    'B2B software',
    'Mobile apps',
    'Local service businesses',
    'Newsletters',
    'Early-stage ideas',
  ],
} as const;

export const faq: readonly { question: string; answer: string }[] = [
  {
    question: 'What can I paste in?',
    answer:
      'A YouTube link, a pasted transcript, or a caption file (.srt or .vtt). If a video’s captions ' +
      'can’t be fetched, paste the transcript or upload the caption file instead.',
  },
  {
    question: 'How is this different from asking a chatbot to summarise a video?',
    answer:
      'A summary tells you what the video says. Vidvisor starts from your business profile, so its ' +
      'answers are about what to do in your business, with [mm:ss] citations you can check.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'Free is $0 with 30,000 tokens a month, about 2 videos plus chat. Pro is $7 a month or $42 a year ' +
      'with 200,000 tokens a month, about 12 videos. Premium is $11 a month or $66 a year, with no ' +
      'monthly limit. Paying annually saves 50%.',
  },
  {
    question: 'Can I change or cancel my plan?',
    answer:
      'Yes. Upgrade, switch plans or cancel from the Subscription tab of your account. If you cancel, ' +
      'your plan stays active until the end of the period you have paid for.',
  },
];

export const testimonials = {
  title: 'What our beta testers say',
  intro: 'People who used Vidvisor on their own businesses during the beta.',
  items: [
    {
      name: 'Maya Okafor',
      role: 'Founder of a three-person branding studio',
      text:
        'I had a folder of saved talks I never acted on. I pasted one on retainer pricing, asked how it ' +
        'applied to a studio our size, and had a new proposal structure the same afternoon.',
    },
    {
      name: 'Daniel Reyes',
      role: 'Runs an online store for coffee gear',
      text:
        'Most advice videos assume a big ad budget. Vidvisor knew I run the shop on my own and told me ' +
        'which parts to skip. That was the most useful part.',
    },
    {
      name: 'Priya Nair',
      role: 'SaaS founder, pre-launch',
      text:
        'I tested my pricing against a founder interview I had watched twice. The follow-up questions ' +
        'are where it shines: it kept my target customer in mind without me repeating myself.',
    },
  ],
} as const;

export const finalCta = {
  title: 'Put the next video you watch to work',
  signedOut: 'Start on the Free plan: 30,000 tokens a month, about 2 videos with follow-up questions.',
  signedIn: 'Open your dashboard and start a new consultation from any video.',
} as const;
