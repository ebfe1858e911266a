import type { CategoryInput } from '../../shared/records';

export const demoCategories: readonly CategoryInput[] = [
  {
    _id: 'cat-baking',
    name: 'Baking',
    slug: 'baking',
    description: 'Answers about breads, cakes, cookies and pastry, from how ingredients behave to why a bake went wrong.',
  },
  {
    _id: 'cat-grilling',
    name: 'Grilling',
    slug: 'grilling',
    description: 'Practical advice on cooking over charcoal and gas, from heat zones to knowing when meat is done.',
  },
  {
    _id: 'cat-vegetables',
    name: 'Vegetable Gardening',
    slug: 'vegetable-gardening',
    description: 'Help with growing, watering, troubleshooting and harvesting vegetables in beds, plots and containers.',
  },
  {
    _id: 'cat-houseplants',
    name: 'Houseplants',
    slug: 'houseplants',
    description: 'Answers on keeping indoor plants healthy, from yellow leaves and brown tips to repotting.',
  },
  // No name, as the API may send a category: the demo shows it under its slug, title-cased ("Home Networking").
  {
    _id: 'cat-networking',
    slug: 'home-networking',
    description: 'Clear explanations of Wi-Fi, routers, mesh systems and wired connections for a faster home network.',
  },
  {
    _id: 'cat-smartphones',
    name: 'Smartphones',
    slug: 'smartphones',
    description: 'Everyday questions about phone batteries, storage, water damage and getting more from your device.',
  },
  {
    _id: 'cat-rail',
    name: 'Rail Travel',
    slug: 'rail-travel',
    description: 'Guidance on tickets, passes, reservations and practical planning for travelling by train.',
  },
  {
    _id: 'cat-packing',
    name: 'Packing and Luggage',
    slug: 'packing',
    description: 'Tips on choosing luggage, packing efficiently and getting through airport security without surprises.',
  },
];
