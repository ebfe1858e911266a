import { categorySchema, type Article } from '../../shared/records';
import { demoCategories } from './categories';
import { withLeadImages } from './images';

const articles: readonly Article[] = [
  // ---------------------------------------------------------------- Baking
  {
    _id: 'art-1',
    slug: 'why-does-bread-go-stale',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Why does bread go stale?',
    excerpt:
      'Bread goes stale mainly because its starch recrystallises and squeezes out water, not simply because it dries out, and the fridge speeds this up.',
    body: `<p>Most people assume bread goes stale because it dries out, but moisture loss is only a small part of the story. The main culprit is a process called <strong>starch retrogradation</strong>. When dough bakes, the starch granules in the flour absorb water, swell and turn into a soft, gel-like network. As the loaf cools and sits, those starch molecules slowly line up again into tighter, more crystalline arrangements and push water out of their structure. The crumb becomes firm, crumbly and dull-tasting even when the bread has barely lost any weight.</p>
<p>At the same time, moisture migrates from the soft interior towards the drier crust. That is why a crusty baguette turns leathery rather than crisp after a day in a plastic bag: the crust soaks up water from the crumb and from the air trapped around it.</p>
<h2>Why the fridge makes it worse</h2>
<p>Retrogradation happens fastest at cool temperatures just above freezing, so keeping bread in the refrigerator actually speeds up staling. A loaf stored in the fridge can go stale several times faster than one left on the counter. Freezing, on the other hand, all but stops the process because the water is locked up as ice.</p>
<ul>
<li>Keep crusty loaves cut-side down on a board, or in a paper or cloth bag, and eat them within a day or two.</li>
<li>Store soft sandwich bread in a sealed bag or bread box at room temperature.</li>
<li>Slice and freeze anything you will not finish within two or three days, then toast slices straight from the freezer.</li>
</ul>
<p>The good news is that staling is partly reversible. Warming bread in a hot oven melts the starch crystals again and softens the crumb: sprinkle a stale loaf lightly with water and heat it at about 180 to 200 °C for five to ten minutes. The effect lasts only until the bread cools, so refresh it just before serving. Recipes also make a difference. Breads enriched with fat, sugar or milk, and naturally acidic sourdoughs, tend to stay soft longer than a lean white loaf. You can read more about the chemistry in the <a href="https://en.wikipedia.org/wiki/Staling">Wikipedia article on staling</a>.</p>`,
    category: 'cat-baking',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-06-03T08:00:00.000Z',
    updatedAt: '2026-06-05T10:20:00.000Z',
  },
  {
    _id: 'art-2',
    slug: 'can-i-use-baking-soda-instead-of-baking-powder',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Can I use baking soda instead of baking powder?',
    excerpt:
      'Yes, but baking soda is about three to four times stronger and needs an acid to work, so use much less and add cream of tartar or buttermilk.',
    body: `<p>You can, but not as a straight swap. Both ingredients make baked goods rise by producing carbon dioxide gas, yet they work in different ways, and getting the substitution wrong leads to flat cakes or a soapy, metallic taste.</p>
<p><strong>Baking soda</strong> is pure sodium bicarbonate, an alkaline powder. On its own it does very little; it needs an acidic ingredient such as buttermilk, yoghurt, lemon juice, brown sugar, honey or natural cocoa to react and release gas. <strong>Baking powder</strong> is baking soda that has already been mixed with one or more dry acids and a little starch to keep it stable. Most baking powder sold today is double-acting: it releases some gas when it gets wet and more when it heats up in the oven.</p>
<h2>How to substitute</h2>
<p>Because baking powder is mostly filler and acid, baking soda is roughly three to four times as powerful by volume. To replace one teaspoon of baking powder, you have two good options:</p>
<ul>
<li>Mix a quarter teaspoon of baking soda with half a teaspoon of cream of tartar, which supplies the missing acid.</li>
<li>Use a quarter teaspoon of baking soda and replace some of the recipe's milk with buttermilk or thinned yoghurt.</li>
</ul>
<p>Do not simply use the same amount of soda as the recipe's powder. Excess soda that has no acid to react with stays in the finished bake, giving a bitter or soapy flavour, an unusually dark colour and sometimes a coarse, crumbly texture.</p>
<p>Going the other way, replacing baking soda with baking powder, is possible too: use about three times as much powder as the soda called for. The result may taste slightly tangier and brown a little less, because the recipe's own acid is no longer being neutralised.</p>
<p>Whichever you use, make sure it is fresh. Stir half a teaspoon of baking powder into hot water, or add a splash of vinegar to a pinch of baking soda. Vigorous fizzing means it is still active; a few lazy bubbles mean it is time to buy a new tub.</p>`,
    category: 'cat-baking',
    author: { name: 'Daniel Brandt' },
    publishedAt: '2026-07-21T09:30:00.000Z',
    updatedAt: '2026-07-21T09:30:00.000Z',
  },
  {
    _id: 'art-3',
    slug: 'why-did-my-cake-sink-in-the-middle',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Why did my cake sink in the middle?',
    excerpt:
      'A sunken centre usually means the cake was underbaked, the oven temperature was off, the door was opened too early, or there was too much leavening.',
    body: `<p>A cake rises in the oven because gas bubbles in the batter expand with the heat. For that rise to hold, the proteins from the eggs and flour and the starches have to set around those bubbles before they collapse. A dip in the middle means the centre lost that race, and there are a handful of usual suspects.</p>
<h2>The most common causes</h2>
<ul>
<li><strong>Underbaking.</strong> The edges set first and the centre last. If the cake comes out too soon, the soft middle cannot support itself and sinks as it cools. A skewer pushed into the centre should come out clean or with a few dry crumbs.</li>
<li><strong>Opening the oven door early.</strong> A blast of cool air during the first two-thirds of baking can deflate a structure that has not yet set.</li>
<li><strong>Too much raising agent.</strong> Extra baking powder or soda makes bubbles grow too large, merge and burst, so the cake rises dramatically and then falls.</li>
<li><strong>An inaccurate oven.</strong> Many home ovens run 10 to 20 degrees away from the dial. Too cool and the cake never sets properly; too hot and the outside sets while the middle is still rising fast.</li>
<li><strong>Measuring errors.</strong> Too little flour, or too much sugar, butter or liquid, weakens the structure.</li>
</ul>
<p>Pan size matters too. Batter baked in a smaller tin than the recipe specifies sits deeper, so the centre takes longer to cook and is more likely to sink.</p>
<p>To prevent it next time, check your oven with an inexpensive oven thermometer, weigh ingredients with a kitchen scale instead of using cups, measure leaveners with proper spoons levelled off, and resist peeking until the cake is nearly done. It also helps to check that your baking powder is fresh, since weak leavening can produce a dense cake that slumps as well.</p>
<p>If the cake has already sunk, all is not lost. A shallow dip can be filled with fruit, whipped cream or frosting and nobody will know. A deeper, gummy centre can be cut out and the rest turned into a trifle or cake pops. It will still taste good; it just needs a change of plan.</p>`,
    category: 'cat-baking',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-09-08T07:45:00.000Z',
    updatedAt: '2026-09-10T08:00:00.000Z',
  },
  {
    _id: 'art-4',
    slug: 'why-do-recipes-call-for-room-temperature-butter',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Why do recipes call for room-temperature butter?',
    excerpt:
      'Softened butter traps air when creamed with sugar, giving cakes and cookies lift and a fine crumb; cold or melted butter cannot do that as well.',
    body: `<p>Recipes ask for softened butter because of a step called <strong>creaming</strong>. When you beat butter with sugar, the sharp edges of the sugar crystals cut tiny pockets into the fat, and the butter holds onto the air. Later, in the oven, those pockets fill with steam and with gas from the baking powder or soda and expand. The result is a lighter cake or cookie with a fine, even crumb.</p>
<p>For this to work, butter has to be in a plastic state: firm enough to hold its shape and trap air, but soft enough to bend and stretch. That sweet spot is roughly 18 to 21 °C, which is cooler than many kitchens in summer. Properly softened butter gives slightly when pressed with a finger and leaves a dent, yet it should not look shiny, greasy or start to slump.</p>
<h2>What goes wrong at other temperatures</h2>
<ul>
<li><strong>Too cold:</strong> the butter breaks into lumps instead of forming a smooth, fluffy mass, so less air is incorporated and the bake turns out denser.</li>
<li><strong>Too warm or melted:</strong> the fat can no longer hold air bubbles. Cakes become heavy and cookies spread into thin, greasy discs.</li>
</ul>
<p>Other ingredients matter as well. Adding cold eggs straight from the fridge to creamed butter can chill it, making the mixture look curdled and lose some of its air. Letting eggs sit in a bowl of warm water for ten minutes solves that.</p>
<p>If you forgot to take the butter out in advance, cut it into small cubes and leave them spread out on a plate for 15 to 20 minutes, or grate cold butter on a box grater. Microwaving is risky because it easily melts the centre while the outside stays firm; if you must, use very short bursts on low power.</p>
<p>Not every recipe wants soft butter, though. Pie crusts, scones, biscuits and puff pastry depend on <em>cold</em> butter. Small solid pieces of fat stay separate in the dough, then release steam in the oven to create flaky layers. So always follow the temperature the recipe specifies; it is there for a reason.</p>`,
    category: 'cat-baking',
    author: { name: 'Priya Raman' },
    publishedAt: '2026-10-27T08:15:00.000Z',
    updatedAt: '2026-10-28T09:00:00.000Z',
  },

  // ---------------------------------------------------------------- Grilling
  {
    _id: 'art-5',
    slug: 'how-long-should-a-steak-rest-after-grilling',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'How long should a steak rest after grilling?',
    excerpt:
      'Rest most steaks for about five minutes, thicker cuts up to ten, and take them off the grill a few degrees early because they keep cooking.',
    body: `<p>For most steaks, a rest of about five minutes is enough. Thin cuts such as skirt or flank steak need only two or three minutes, while a thick ribeye or porterhouse benefits from five to ten. Large roasts like a whole tri-tip or prime rib can rest for 15 minutes or more.</p>
<h2>Why resting matters</h2>
<p>The first reason is <strong>carryover cooking</strong>. When a steak leaves the grill, its outer layers are much hotter than its centre, and that heat keeps moving inwards. A thick steak's internal temperature can rise by roughly 2 to 5 °C during the rest. If you want medium-rare at about 54 °C in the centre, take the steak off the heat a few degrees below that and let the rest finish the job.</p>
<p>The second reason is juiciness. Cutting into a steak straight off the grill lets more liquid run out onto the board. After a short rest, the temperature evens out and the juices thicken slightly, so a little less escapes when you slice. Side-by-side tests by food writers suggest the difference is real but modest, so there is no need to wait half an hour.</p>
<p>Resting too long has its own downside: the steak cools and the crust you worked for softens. A few practical tips help you get the balance right:</p>
<ul>
<li>Rest the steak on a warm plate or a wire rack so the bottom crust does not sit in its own juices.</li>
<li>If your kitchen is cold, tent the meat <em>loosely</em> with foil. Wrapping it tightly traps steam and turns the crust soggy.</li>
<li>Use an instant-read thermometer rather than a timer; it tells you exactly when to pull the meat.</li>
<li>Pour any juices left on the plate back over the sliced steak.</li>
</ul>
<p>Finally, slice against the grain, cutting across the visible muscle fibres rather than along them. That shortens the fibres in each bite and makes even a well-rested steak noticeably more tender.</p>`,
    category: 'cat-grilling',
    author: { name: 'Tom Hollis' },
    publishedAt: '2026-06-12T16:00:00.000Z',
    updatedAt: '2026-06-12T16:00:00.000Z',
  },
  {
    _id: 'art-6',
    slug: 'should-i-grill-with-the-lid-open-or-closed',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Should I grill with the lid open or closed?',
    excerpt:
      'Close the lid for thicker foods and anything cooked slowly; leave it open for thin, quick-cooking items you want to sear without overcooking.',
    body: `<p>The lid is one of the most useful controls on a grill, and the right choice depends on what you are cooking. A useful rule of thumb: if the food is thicker than about 2 cm, keep the lid closed; if it is thin and cooks in a few minutes, you can leave it open.</p>
<p><strong>When to close the lid.</strong> Closing the lid turns the grill into something closer to an oven. Hot air circulates around the food, so it cooks from the top as well as from the bottom. That is what you want for thick steaks and chops, bone-in chicken, whole fish, sausages and anything cooked with indirect heat, such as ribs or a whole bird. Without the lid, the underside of a thick piece of meat can burn long before the centre is done.</p>
<p>On a charcoal grill, the lid also controls the fire. Less air reaching the coals means a steadier, lower temperature and fewer flare-ups, and you fine-tune it with the vents. If you want smoke flavour from wood chips or chunks, the lid must be closed to keep the smoke around the food.</p>
<p><strong>When to leave it open.</strong> Thin foods such as burgers, shrimp, thin cutlets, sliced vegetables and flatbreads cook quickly, and their main need is a good sear on the surface. Leaving the lid open keeps the top side from cooking too fast, lets you watch closely and makes flipping easy.</p>
<ul>
<li>Always preheat a gas grill with the lid closed for 10 to 15 minutes so the grates get properly hot.</li>
<li>Remember that opening a charcoal grill feeds the coals oxygen, which makes the fire hotter and flare-ups more likely.</li>
<li>Every time you lift the lid on a covered cook, heat escapes, so check with a thermometer rather than peeking constantly.</li>
</ul>
<p>Many cooks combine both approaches: sear a thick steak over high heat with the lid open, then move it to a cooler part of the grill and close the lid until it reaches the right internal temperature.</p>`,
    category: 'cat-grilling',
    author: { name: 'Daniel Brandt' },
    publishedAt: '2026-07-04T10:00:00.000Z',
    updatedAt: '2026-07-06T11:15:00.000Z',
  },
  {
    _id: 'art-7',
    slug: 'what-is-the-difference-between-direct-and-indirect-grilling',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'What is the difference between direct and indirect grilling?',
    excerpt:
      'Direct grilling cooks food right over the heat for fast searing, while indirect grilling places it beside the heat with the lid closed, like an oven.',
    body: `<p>Direct and indirect grilling are the two basic ways to use a grill, and learning to set up both on the same cooker is probably the single most useful grilling skill.</p>
<p><strong>Direct grilling</strong> means the food sits right above the burning charcoal or lit gas burners. The heat is intense and comes mainly from below, which is ideal for browning and searing. It suits foods that cook through in roughly 20 minutes or less: steaks, burgers, chops, skewers, fish fillets and most vegetables. The browning comes from the <a href="https://en.wikipedia.org/wiki/Maillard_reaction">Maillard reaction</a>, which needs high surface temperatures.</p>
<p><strong>Indirect grilling</strong> means the food sits to the side of the heat, not over it, with the lid closed. Hot air circulates around the food and cooks it gently and evenly, much like a convection oven. This is the right method for larger or tougher cuts that need time: whole chickens, turkey crowns, pork shoulder, ribs, thick roasts and whole fish.</p>
<h2>How to set up a two-zone fire</h2>
<ul>
<li><strong>Charcoal:</strong> pile the lit coals on one side of the grate and leave the other side empty. A foil tray of water under the cool side catches drips and helps keep the temperature steady.</li>
<li><strong>Gas:</strong> light the burners on one side only. On a grill with three or more burners, you can also light the outer burners and cook in the middle.</li>
</ul>
<p>A two-zone setup gives you more than a choice of methods; it is also a safety net. When fat drips and causes a flare-up, you can move the food to the cool side until the flames die down, instead of letting it char.</p>
<p>The two methods also work well together. For thick steaks or chicken pieces, many cooks use the <em>reverse sear</em>: cook the food slowly on the indirect side until it is a few degrees short of done, then move it over the hot coals for a minute or two per side to build a crust. You get an evenly cooked interior and a well-browned outside, with far less risk of burning.</p>`,
    category: 'cat-grilling',
    author: { name: 'Tom Hollis' },
    publishedAt: '2026-08-01T11:30:00.000Z',
    updatedAt: '2026-08-01T11:30:00.000Z',
  },
  {
    _id: 'art-8',
    slug: 'how-do-i-know-when-grilled-chicken-is-done',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'How do I know when grilled chicken is done?',
    excerpt:
      'Use an instant-read thermometer: chicken is safe at 74 °C (165 °F) in the thickest part, and thighs are even better cooked a little higher.',
    body: `<p>The only reliable way to know is to measure. An instant-read thermometer is inexpensive and takes the guesswork out of grilling chicken. Food safety agencies such as the US Department of Agriculture recommend cooking all poultry to an internal temperature of <strong>74 °C (165 °F)</strong>, which kills salmonella and campylobacter almost instantly.</p>
<p><strong>Where and how to measure.</strong> Insert the probe into the thickest part of the piece, coming in from the side, and make sure the tip is in the middle of the meat without touching bone, which conducts heat and can give a misleading reading. For a whole bird, check the thickest part of the breast and the inner thigh; both need to reach the target. Check several pieces, because the ones nearest the hottest part of the grill cook faster.</p>
<p>Breasts and thighs behave differently. Lean breast meat dries out quickly once it goes much past 74 °C, so pull it as soon as it gets there. Thighs and drumsticks contain more fat and connective tissue, and they are safe at the same temperature but become more tender and succulent at around 80 to 85 °C, when that tissue has had time to soften.</p>
<h2>Signs that are not reliable</h2>
<ul>
<li><strong>Clear juices:</strong> juices can run clear before the meat is safe, or stay pinkish after it is.</li>
<li><strong>Pink meat near the bone:</strong> in young birds, pigment from the bone marrow can leave meat pink even when it is fully cooked.</li>
<li><strong>Cooking time alone:</strong> grill temperature, weather and the size of each piece vary too much for a timer to be trusted.</li>
</ul>
<p>Check that your thermometer is accurate by placing it in a glass of crushed ice and water; it should read 0 °C. If it is off, recalibrate it or make a mental note of the difference.</p>
<p>Finally, let the chicken rest for a few minutes before cutting. The temperature will rise slightly as heat moves inwards, and the meat will lose less juice on the board. Keep raw and cooked chicken on separate plates, and never reuse a marinade that touched raw meat without boiling it first.</p>`,
    category: 'cat-grilling',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-08-22T15:00:00.000Z',
    updatedAt: '2026-08-25T09:40:00.000Z',
  },

  // ---------------------------------------------------------------- Vegetable gardening
  {
    _id: 'art-9',
    slug: 'why-are-the-leaves-of-my-tomato-plant-curling',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: 'Why are the leaves of my tomato plant curling?',
    excerpt:
      'Most tomato leaf curl is a harmless stress response to heat, drought or heavy pruning, but twisted new growth can point to herbicide damage or a virus.',
    body: `<p>Curling tomato leaves look alarming, but in most gardens the cause is not serious. The trick is to look closely at <em>which</em> leaves are curling, in which direction, and whether there are other symptoms.</p>
<p><strong>Physiological leaf roll.</strong> The most common cause is a stress reaction known as physiological leaf roll. The older, lower leaves roll upwards along their length and may feel thick and leathery, but they stay green and the plant keeps growing and fruiting. It is usually triggered by hot, dry spells, uneven watering, very wet soil after heavy rain, heavy pruning or too much nitrogen fertiliser. Some varieties, particularly many heirlooms and paste tomatoes, are more prone to it than others. It rarely affects the harvest, and the best response is steady care: water deeply and consistently, mulch the soil and avoid stripping off lots of foliage at once.</p>
<h2>When it is something else</h2>
<ul>
<li><strong>Herbicide damage:</strong> new growth at the top of the plant twists, cups downwards or becomes narrow and fern-like. Drift from lawn weedkillers is a common source, as is manure or compost contaminated with persistent herbicides that survive composting.</li>
<li><strong>Viruses:</strong> tomato yellow leaf curl virus, spread by whiteflies, causes upward curling with yellow leaf edges, stunted growth and poor fruit set. Infected plants cannot be cured and should be removed.</li>
<li><strong>Pests:</strong> aphids and tiny broad mites feeding on young leaves can make them crinkle and distort. Check the undersides of leaves with a magnifying glass.</li>
</ul>
<p>If the curling is limited to older leaves, the plant looks otherwise healthy and the weather has been hot or changeable, physiological leaf roll is the likely explanation and you can simply keep an eye on it. New leaves usually grow normally once conditions settle.</p>
<p>If the youngest growth is twisted or discoloured, think back over the season. Did you add new compost or manure, or did a neighbour spray a lawn nearby? Are there whiteflies on the plants? Those clues will usually point you towards the real cause, and a local extension service or gardening club can help confirm it.</p>`,
    category: 'cat-vegetables',
    author: { name: 'Grace Whitfield' },
    publishedAt: '2026-06-18T06:30:00.000Z',
    updatedAt: '2026-06-18T06:30:00.000Z',
  },
  {
    _id: 'art-10',
    slug: 'how-often-should-i-water-a-vegetable-garden',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: 'How often should I water a vegetable garden?',
    excerpt:
      'Most vegetable beds need about 2.5 cm of water a week, given as deep soakings two or three times a week rather than a light sprinkle every day.',
    body: `<p>A common guideline is that a vegetable garden needs about <strong>2.5 cm (one inch) of water per week</strong>, including rainfall. In hot, windy weather or in sandy soil, that can rise considerably, while in cool, cloudy spells the garden may need very little extra.</p>
<p>How you deliver the water matters as much as how much. Deep, infrequent watering is better than a quick sprinkle every evening. Soaking the soil two or three times a week encourages roots to grow down into cooler, moister layers, making plants more resilient during dry spells. Frequent shallow watering keeps roots near the surface, where they dry out quickly.</p>
<h2>How to tell when to water</h2>
<p>Rather than following a fixed schedule, check the soil. Push a finger about 5 cm into the bed near your plants. If it feels dry at that depth, it is time to water; if it is still cool and damp, wait a day. A simple rain gauge, or an empty tin placed in the bed, shows how much water the sky or your sprinkler has actually delivered.</p>
<ul>
<li><strong>Water in the morning</strong> where possible. Less is lost to evaporation, and leaves dry quickly, which reduces fungal disease.</li>
<li><strong>Water the soil, not the leaves.</strong> Soaker hoses and drip lines put water where roots need it and keep foliage dry.</li>
<li><strong>Mulch</strong> with 5 to 8 cm of straw, shredded leaves or compost to keep moisture in and weeds down.</li>
</ul>
<p>Some situations need more attention. Newly sown seeds and young seedlings have tiny roots, so keep the top layer of soil evenly moist, which may mean a light watering every day. Containers and raised beds dry out much faster than ground-level beds and can need daily watering in midsummer. Clay soils hold water longer but can become waterlogged, so let them dry slightly between soakings.</p>
<p>Consistency is especially important while crops are flowering and forming fruit. Tomatoes, peppers, cucumbers and squash that swing between dry and soaked are more likely to suffer from blossom end rot and split fruit, so this is the time to keep watering steady.</p>`,
    category: 'cat-vegetables',
    author: { name: 'Elena Vasquez' },
    publishedAt: '2026-07-09T07:00:00.000Z',
    updatedAt: '2026-07-11T08:30:00.000Z',
  },
  {
    _id: 'art-11',
    slug: 'why-are-my-zucchini-rotting-at-the-tip',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: 'Why are my zucchini rotting at the tip?',
    excerpt:
      'Small zucchini that yellow and rot from the tip were usually not pollinated; larger ones with dark sunken ends often have blossom end rot.',
    body: `<p>When young zucchini (courgettes) shrivel, turn yellow and rot from the flower end, the cause is almost always one of two problems. Fortunately, both are easy to tell apart and to fix.</p>
<p><strong>Poor pollination.</strong> Zucchini plants produce separate male and female flowers. A female flower has a tiny fruit behind it; a male flower sits on a long, thin stem. For the fruit to develop, pollen has to be carried from a male flower to a female one, usually by bees. If that does not happen, the small fruit may swell a little, then turn yellow, go soft and rot from the tip, often when it is only a few centimetres long.</p>
<p>This is very common early in the season, when plants often produce a flush of female flowers before any males open, or vice versa. Cool, rainy weather keeps bees at home and makes the problem worse. Usually it sorts itself out as the plant matures, but you can help by hand-pollinating:</p>
<ul>
<li>In the morning, pick a freshly opened male flower and peel back its petals.</li>
<li>Gently brush the pollen-covered centre against the centre of an open female flower.</li>
<li>Plant flowers such as borage, marigolds or lavender nearby to attract more pollinators.</li>
</ul>
<h2>Blossom end rot</h2>
<p>If larger fruits develop a dark, sunken, leathery patch at the blossom end, the culprit is more likely blossom end rot. It is caused by a shortage of calcium in the developing fruit, but that shortage rarely means the soil lacks calcium. Instead, irregular watering stops the plant from moving calcium to the fruit. The remedy is consistent, deep watering, a good layer of mulch and avoiding heavy nitrogen feeding.</p>
<p>In warm, humid weather, a fungal rot can also attack the withering flower and spread into the fruit, often showing a fuzzy, pin-like growth on the tip. Picking off faded flowers and improving air circulation helps.</p>
<p>Whatever the cause, remove affected fruits promptly. They will not recover, and removing them lets the plant put its energy into new, healthy fruit.</p>`,
    category: 'cat-vegetables',
    author: { name: 'Grace Whitfield' },
    publishedAt: '2026-07-30T08:45:00.000Z',
    updatedAt: '2026-07-30T08:45:00.000Z',
  },
  {
    _id: 'art-12',
    slug: 'when-should-i-harvest-garlic',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: 'When should I harvest garlic?',
    excerpt:
      'Harvest garlic when roughly a third to half of its leaves have turned brown, usually in early to midsummer, then cure the bulbs for a few weeks.',
    body: `<p>Garlic planted in autumn is usually ready in early to midsummer, but the calendar is only a rough guide. The best signal comes from the leaves. Harvest when roughly <strong>a third to a half of the leaves have turned brown</strong>, starting from the bottom, while five or six upper leaves are still green.</p>
<p>There is a good reason for this timing. Each leaf on a garlic plant corresponds to one of the papery wrappers that cover the bulb underground. As leaves die back, their wrappers begin to break down. If you harvest too early, the bulbs are small and the cloves are not fully formed. If you wait until all the leaves are brown, too many wrappers will have rotted away, the cloves may start to separate and the bulbs will not store well.</p>
<h2>How to harvest</h2>
<ul>
<li>Stop watering a week or two before you expect to harvest so the bulbs firm up.</li>
<li>Dig up one test bulb first. If the cloves fill the skin and the wrappers are intact, the rest are ready.</li>
<li>Loosen the soil with a garden fork a few centimetres away from the stems, then lift the bulbs. Pulling on the stalks can tear them off or bruise the bulb.</li>
<li>Brush off loose soil, but do not wash the bulbs.</li>
</ul>
<p><strong>Curing and storing.</strong> Freshly dug garlic needs to cure before storage. Tie the plants in small bundles and hang them, or lay them on a rack, somewhere dry, shaded and airy for two to four weeks. Direct sun can scald the bulbs. Garlic is cured when the necks are dry and tight and the outer skins are papery. Then trim the roots and cut the stalks a few centimetres above the bulb, or braid softneck types.</p>
<p>Store cured garlic in a cool, dry, well-ventilated place rather than the fridge. Softneck varieties often keep for six months or more; hardneck types usually last a few months. If you grow hardneck garlic, remember to snap off the curly flower stalks, called scapes, in early summer. That helps the plant put energy into the bulb, and the scapes are delicious in stir-fries and pesto. Save your largest, healthiest bulbs to plant again in autumn.</p>`,
    category: 'cat-vegetables',
    author: { name: 'Elena Vasquez' },
    publishedAt: '2026-06-26T09:00:00.000Z',
    updatedAt: '2026-06-29T07:30:00.000Z',
  },

  // ---------------------------------------------------------------- Houseplants
  {
    _id: 'art-13',
    slug: 'why-are-my-houseplant-leaves-turning-yellow',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: "Why are my houseplant's leaves turning yellow?",
    excerpt:
      'Overwatering is the most common reason houseplant leaves turn yellow, but poor light, underwatering, natural ageing and missing nutrients can also cause it.',
    body: `<p>Yellow leaves are a plant's way of saying something is off, but they are a general symptom rather than a specific diagnosis. Working out the cause means looking at the pattern of yellowing and thinking about how the plant has been cared for.</p>
<h2>The usual suspects</h2>
<ul>
<li><strong>Overwatering.</strong> This is the most common cause by far. When soil stays wet, roots are starved of oxygen and begin to rot, so they cannot take up water or nutrients. Leaves, often the lower ones, turn yellow and limp, and the soil may smell sour. Check the soil 2 to 3 cm down before watering, and make sure the pot has drainage holes and is not standing in water.</li>
<li><strong>Underwatering.</strong> Leaves yellow and then quickly turn brown and crisp, and the soil may shrink away from the sides of the pot.</li>
<li><strong>Not enough light.</strong> Plants in dim corners often produce pale, yellowish leaves and long, stretched stems. Move them closer to a window, out of harsh direct sun if they are shade lovers.</li>
<li><strong>Natural ageing.</strong> It is normal for a plant to lose an occasional old leaf at the bottom as it puts energy into new growth. One yellow leaf every few weeks is nothing to worry about.</li>
<li><strong>Nutrient shortages.</strong> Even yellowing of older leaves can indicate a lack of nitrogen, while yellow leaves with green veins on new growth often point to iron or magnesium deficiency. Feeding lightly during spring and summer usually prevents this.</li>
</ul>
<p>Other causes include cold draughts, a sudden move to a new spot and pests such as spider mites, which leave fine yellow speckling and sometimes delicate webbing on the undersides of leaves.</p>
<p>Once a leaf has turned fully yellow, it will not become green again, so you can snip it off with clean scissors. The important thing is to fix the underlying problem.</p>
<p>Adjust one thing at a time, starting with watering, and watch the new growth over the next few weeks. Resist the urge to repot, feed and move the plant all at once, because then you cannot tell which change helped. Healthy new leaves are the best sign that you have found the cause.</p>`,
    category: 'cat-houseplants',
    author: { name: 'Elena Vasquez' },
    publishedAt: '2026-09-15T10:15:00.000Z',
    updatedAt: '2026-09-15T10:15:00.000Z',
  },
  {
    _id: 'art-14',
    slug: 'how-do-i-know-when-a-houseplant-needs-repotting',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: 'How do I know when a houseplant needs repotting?',
    excerpt:
      'Roots poking out of the drainage holes, water running straight through and stalled growth are the clearest signs a houseplant has outgrown its pot.',
    body: `<p>Most houseplants need a bigger pot every year or two, though slow growers such as cacti, snake plants and ZZ plants can often go three or four years. Rather than repotting on a schedule, look for signs that the plant has run out of room.</p>
<h2>Signs it is time</h2>
<ul>
<li>Roots are growing out of the drainage holes or circling visibly on the surface of the soil.</li>
<li>Water runs straight through the pot and the soil dries out within a day or two of watering.</li>
<li>The plant has become top-heavy and tips over easily.</li>
<li>Growth has stalled during spring and summer even though light, water and feeding are fine.</li>
<li>The soil has shrunk, compacted or developed a white crust of mineral salts.</li>
</ul>
<p>If you are unsure, tip the plant out of its pot and look. A solid mass of roots with little visible soil means it is time; plenty of loose soil means it can wait.</p>
<p><strong>How to repot well.</strong> Spring and early summer are the best times, because the plant is actively growing and recovers quickly. Choose a new pot only <strong>2 to 5 cm wider</strong> than the old one, with drainage holes. A much larger pot holds a lot of soil that the roots cannot reach, and that soil stays wet and can cause root rot.</p>
<p>Water the plant the day before so the root ball slides out easily. Gently tease apart circling roots, trim any that are dark and mushy, and set the plant at the same depth as before in fresh potting mix suited to its type. Water thoroughly and keep it out of strong direct sun for a week or so while it settles in. Hold off on fertiliser for a few weeks, since fresh potting mix usually contains some nutrients.</p>
<p>If you want to keep a plant at its current size, you can root-prune it instead: trim around a quarter of the root ball, add fresh soil and return it to the same pot. And a few plants, including many hoyas and peace lilies, are happy to be slightly pot-bound, so there is no rush to move them as soon as roots appear.</p>`,
    category: 'cat-houseplants',
    author: { name: 'Grace Whitfield' },
    publishedAt: '2026-10-06T09:45:00.000Z',
    updatedAt: '2026-10-08T12:00:00.000Z',
  },
  {
    _id: 'art-15',
    slug: 'do-houseplants-really-purify-indoor-air',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: 'Do houseplants really purify indoor air?',
    excerpt:
      'Not in any meaningful way: ordinary ventilation removes indoor pollutants far faster than a realistic number of houseplants could.',
    body: `<p>The idea that houseplants clean the air in your home is one of the most widely repeated pieces of plant lore. It is based on real research, but the research does not translate to real homes the way the claim suggests.</p>
<p><strong>Where the idea came from.</strong> In 1989, a study carried out for NASA placed plants in small, sealed test chambers and measured how quickly they removed volatile organic compounds (VOCs) such as benzene and formaldehyde. Over hours and days, concentrations in the chambers fell noticeably, and the results were soon turned into lists of the best air-purifying plants. You can read about it in the <a href="https://en.wikipedia.org/wiki/NASA_Clean_Air_Study">Wikipedia article on the NASA Clean Air Study</a>.</p>
<p>A sealed chamber is very different from a house, however. In a home, air is constantly exchanged with the outdoors through windows, doors, gaps and ventilation systems. In 2019, researchers at Drexel University reviewed decades of studies and compared plant removal rates with normal air exchange. They concluded that you would need somewhere between 10 and 1,000 plants per square metre of floor space to match the cleaning effect of ordinary ventilation. Later work also suggested that much of the removal in chamber tests was carried out by microbes in the potting soil, not by the leaves.</p>
<h2>What actually improves indoor air</h2>
<ul>
<li>Open windows regularly, and use extractor fans when cooking and showering.</li>
<li>Reduce pollution at the source, for example by choosing low-VOC paints and avoiding indoor smoking.</li>
<li>Use an air purifier with a HEPA filter if fine particles from traffic, wildfires or pets are a concern.</li>
<li>Fit a carbon monoxide alarm near fuel-burning appliances.</li>
</ul>
<p>None of this is a reason to give up your plants. Studies consistently link greenery indoors with better mood and lower stress, and many people simply enjoy caring for living things. Plants can also add a little humidity to dry rooms. Just enjoy them for what they are, rather than relying on them as an air-cleaning system.</p>`,
    category: 'cat-houseplants',
    author: { name: 'Priya Raman' },
    publishedAt: '2026-11-03T08:30:00.000Z',
    updatedAt: '2026-11-03T08:30:00.000Z',
  },
  {
    _id: 'art-16',
    slug: 'why-are-the-tips-of-my-spider-plant-turning-brown',
    domains: ['dom-garden', 'dom-answers', 'dom-old'],
    title: 'Why are the tips of my spider plant turning brown?',
    excerpt:
      'Brown tips on spider plants are usually caused by salts and fluoride from tap water or fertiliser building up, helped along by dry air and uneven watering.',
    body: `<p>Brown leaf tips are probably the most common complaint about spider plants (<em>Chlorophytum comosum</em>), and the good news is that they are rarely a sign of a seriously unhealthy plant. They are usually cosmetic damage caused by the way water moves through the leaves.</p>
<p>As a plant takes up water, that water travels to the ends of the long, narrow leaves and evaporates there. Any dissolved minerals it carries are left behind at the tips. Spider plants are particularly sensitive to <strong>fluoride</strong> and to salts from tap water and fertiliser, and when these build up, the tip tissue dies and turns brown.</p>
<h2>Common contributing factors</h2>
<ul>
<li><strong>Tap water chemistry:</strong> fluoride, chlorine compounds and dissolved salts accumulate over time.</li>
<li><strong>Too much fertiliser:</strong> excess salts from feeding concentrate in the soil.</li>
<li><strong>Uneven watering:</strong> letting the soil dry out completely and then soaking it stresses the leaf edges.</li>
<li><strong>Dry air:</strong> hot, dry rooms in winter, especially near radiators, increase evaporation from the tips.</li>
<li><strong>A pot full of roots:</strong> spider plants grow thick, fleshy roots quickly, and a root-bound plant dries out fast.</li>
</ul>
<p><strong>What to do.</strong> Water with rainwater, distilled water or filtered water where you can. Leaving tap water to stand overnight lets some chlorine escape, but it does not remove fluoride or dissolved salts. Every few months, flush the pot by running plenty of water through the soil and letting it drain fully, which washes accumulated salts out of the drainage holes.</p>
<p>Feed sparingly, about once a month in spring and summer at half the recommended strength, and not at all in winter. Keep the soil evenly moist but never soggy, and move the plant away from direct heat sources. If roots are bursting out of the pot, it is time for a slightly larger one.</p>
<p>Brown tips will not turn green again, but you can trim them with clean, sharp scissors. Cut at an angle to follow the leaf's natural point and leave a thin sliver of brown so you do not wound healthy tissue. New leaves should stay green once the cause is fixed.</p>`,
    category: 'cat-houseplants',
    author: { name: 'Grace Whitfield' },
    publishedAt: '2026-08-12T12:00:00.000Z',
    updatedAt: '2026-08-14T15:10:00.000Z',
  },

  // ---------------------------------------------------------------- Home networking
  {
    _id: 'art-17',
    slug: 'is-5-ghz-wi-fi-always-faster-than-2-4-ghz',
    domains: ['dom-answers', 'sub-tech'],
    title: 'Is 5 GHz Wi-Fi always faster than 2.4 GHz?',
    excerpt:
      'No: 5 GHz is faster at short range, but 2.4 GHz travels further and through walls better, so it can win in rooms far from the router.',
    body: `<p>Not always. 5 GHz Wi-Fi has a much higher top speed, but the speed you actually get depends heavily on distance and obstacles, and in some parts of a home the older 2.4 GHz band can perform better.</p>
<p><strong>Why 5 GHz is usually faster.</strong> The 5 GHz band has far more radio spectrum available. That allows wider channels, which carry more data, and many more channels that do not overlap, so neighbouring networks are less likely to interfere with yours. The 2.4 GHz band, by contrast, has only three non-overlapping channels in most countries, and it is shared with Bluetooth devices, baby monitors and microwave ovens. In a crowded apartment block, 2.4 GHz can be very congested.</p>
<p><strong>Why 2.4 GHz can still win.</strong> Lower-frequency radio waves travel further and pass through walls, floors and furniture more easily. A 5 GHz signal weakens faster with distance and loses more strength through each obstacle. When the signal gets weak, your device and router drop to slower data rates, retransmit more often or lose the connection altogether. Two rooms and a floor away from the router, a solid 2.4 GHz connection can easily beat a struggling 5 GHz one.</p>
<ul>
<li><strong>Close to the router:</strong> 5 GHz almost always wins.</li>
<li><strong>Several walls or a floor away:</strong> test both; 2.4 GHz may be faster or more stable.</li>
<li><strong>Smart-home gadgets:</strong> many only support 2.4 GHz, which is fine because they need little bandwidth.</li>
</ul>
<p>Most modern routers use a feature called band steering, which broadcasts one network name and moves each device to whichever band seems best. It usually works well, but if a device misbehaves, temporarily giving the bands separate names lets you test each one.</p>
<p>Newer routers supporting Wi-Fi 6E or Wi-Fi 7 add a 6 GHz band with even more spectrum and even less congestion. The same trade-off applies, though: it is extremely fast nearby and has an even shorter range. If distant rooms are slow on every band, the fix is better coverage, such as moving the router or adding a mesh node, rather than switching bands.</p>`,
    category: 'cat-networking',
    author: { name: 'Jonas Lindqvist' },
    publishedAt: '2026-06-08T13:00:00.000Z',
    updatedAt: '2026-06-08T13:00:00.000Z',
  },
  {
    _id: 'art-18',
    slug: 'where-is-the-best-place-to-put-my-wi-fi-router',
    domains: ['dom-answers', 'sub-tech'],
    title: 'Where is the best place to put my Wi-Fi router?',
    excerpt:
      'Put your router somewhere central, raised and in the open, away from metal, water and thick walls, rather than hidden in a cupboard or corner.',
    body: `<p>Where you place your router can make a bigger difference to your Wi-Fi than buying a new one. The ideal spot is <strong>central, elevated and out in the open</strong>.</p>
<p><strong>Central.</strong> A router broadcasts its signal outwards in roughly all directions. If it sits in a corner of the house or against an outside wall, a large share of its coverage is wasted on the garden or the street. Placing it near the middle of the area you want to cover spreads the signal more evenly. In a two-storey house, a spot on the upper floor or high up on the ground floor, near the centre, often serves both levels well.</p>
<p><strong>Elevated and unobstructed.</strong> Put the router on a shelf or a high piece of furniture rather than on the floor, where furniture and people absorb the signal. Avoid hiding it inside cabinets, TV units or behind the sofa, even though that looks tidier. Certain materials are especially bad for Wi-Fi:</p>
<ul>
<li>Metal, including filing cabinets, fridges, radiators and foil-backed insulation.</li>
<li>Water, such as aquariums and, to a lesser extent, large houseplants.</li>
<li>Mirrors and thick masonry, stone or concrete walls.</li>
<li>Other electronics, particularly microwave ovens and older cordless phones, which can interfere with the 2.4 GHz band.</li>
</ul>
<p>If your router has adjustable external antennas, try pointing some upright and others sideways. Phones and laptops are held at different angles, and mixing antenna orientations can improve reception around the home.</p>
<h2>Working around the wall socket</h2>
<p>Often the router ends up wherever the broadband line enters the building, which is rarely the ideal location. A longer Ethernet cable between the modem or network terminal and the router is a cheap way to move it somewhere better. If that is not practical, you can leave the router where it is and add a mesh system or a wired access point to cover the far side of the home.</p>
<p>After moving it, run a speed test in the rooms you use most. A few experiments with position usually reveal the best spot quickly.</p>`,
    category: 'cat-networking',
    author: { name: 'Samuel Adeyemi' },
    publishedAt: '2026-07-14T14:30:00.000Z',
    updatedAt: '2026-07-16T09:00:00.000Z',
  },
  {
    _id: 'art-19',
    slug: 'is-a-mesh-wi-fi-system-better-than-a-range-extender',
    domains: ['dom-answers', 'sub-tech'],
    title: 'Is a mesh Wi-Fi system better than a range extender?',
    excerpt:
      'For larger or multi-storey homes, mesh is usually better because its nodes work together; an extender can still fix a single dead spot cheaply.',
    body: `<p>Both products aim to spread Wi-Fi further around your home, but they work differently, and for most larger homes a mesh system gives a noticeably better experience.</p>
<p><strong>How a range extender works.</strong> A range extender, also called a repeater, picks up your router's signal and rebroadcasts it. Many budget models use the same radio both to listen to the router and to talk to your devices, which means they can only do one at a time. In practice, that can cut the speed available through the extender roughly in half. Extenders also often create a separate network name, and devices tend to cling to whichever network they joined first, even when a stronger signal is available as you move around.</p>
<p><strong>How mesh is different.</strong> A mesh system replaces your router's Wi-Fi with several units, or nodes, designed to work together. They share one network name and coordinate with each other to hand your phone or laptop to the nearest node as you walk around. Better models are tri-band, with a dedicated radio used only for traffic between nodes, called backhaul, so devices do not have to share that link. Mesh systems are usually set up and managed through a phone app and receive regular updates.</p>
<ul>
<li><strong>Extender:</strong> cheap, quick to install, fine for one dead room in a small home.</li>
<li><strong>Mesh:</strong> more expensive, but faster and far more seamless across larger or multi-storey homes.</li>
<li><strong>Wired backhaul:</strong> connecting mesh nodes or access points with Ethernet gives the best performance of all.</li>
</ul>
<p>Placement matters with either option. A common mistake is putting the extender or satellite node in the dead zone itself, where it receives a poor signal and can only pass a poor signal on. Place it roughly halfway between the router and the problem area, where it still gets a strong connection.</p>
<p>If your home already has Ethernet cabling, a wired access point may be the simplest answer. If not, and you are struggling with coverage on several floors or through thick walls, a mesh system is generally the more reliable long-term fix.</p>`,
    category: 'cat-networking',
    author: { name: 'Jonas Lindqvist' },
    publishedAt: '2026-09-29T13:15:00.000Z',
    updatedAt: '2026-09-29T13:15:00.000Z',
  },
  {
    _id: 'art-20',
    slug: 'why-is-my-internet-slower-over-wi-fi-than-over-ethernet',
    domains: ['dom-answers', 'sub-tech'],
    title: 'Why is my internet slower over Wi-Fi than over Ethernet?',
    excerpt:
      'Wi-Fi shares the airwaves between devices, loses strength through walls and carries extra overhead, so a cable almost always delivers more speed.',
    body: `<p>It is completely normal for a speed test over Wi-Fi to show lower numbers than the same test over an Ethernet cable. The two technologies work in fundamentally different ways, and the cable has several built-in advantages.</p>
<p><strong>A shared medium versus a dedicated link.</strong> An Ethernet cable gives your device its own private connection to the router, able to send and receive at the same time. Wi-Fi is a shared medium: on any given channel, only one device can transmit at a time, and every phone, laptop, TV and smart speaker on your network takes turns. Your neighbours' networks on the same channel compete for airtime too. Wi-Fi also carries more overhead, with acknowledgements and retransmissions, so real-world throughput is usually well below the link rate your device reports.</p>
<p><strong>Signal strength and interference.</strong> Radio signals weaken with distance and with every wall and floor they pass through. As the signal gets weaker, the connection falls back to slower, more robust data rates. Interference from other networks and household electronics causes further retransmissions. A cable is not affected by any of this.</p>
<p><strong>Device limits.</strong> The speed printed on a router box is usually a combined total across all its bands and antennas. A typical phone or laptop has fewer antennas and can only use part of that capacity, so even in ideal conditions it will not reach the headline figure.</p>
<p>Beyond raw speed, Wi-Fi tends to have more variable latency, which matters for online gaming and video calls. To get the most from your setup:</p>
<ul>
<li>Use the 5 GHz or 6 GHz band when close to the router.</li>
<li>Keep router firmware and device drivers up to date.</li>
<li>Try a less crowded channel if you live among many networks.</li>
<li>Connect stationary devices such as desktop computers, TVs and games consoles by cable where you can.</li>
</ul>
<p>If running new cables is impractical, powerline adapters or adapters that use existing coaxial TV wiring can provide a wired-style connection through your home. Some of the gap between Wi-Fi and Ethernet is unavoidable, but a well-placed modern router can keep it small.</p>`,
    category: 'cat-networking',
    author: { name: 'Samuel Adeyemi' },
    publishedAt: '2026-11-10T10:30:00.000Z',
    updatedAt: '2026-11-12T08:45:00.000Z',
  },

  // ---------------------------------------------------------------- Smartphones
  {
    _id: 'art-21',
    slug: 'is-it-bad-to-leave-my-phone-charging-overnight',
    domains: ['dom-answers', 'sub-tech'],
    title: 'Is it bad to leave my phone charging overnight?',
    excerpt:
      'Modern phones stop charging when full, so overnight charging is safe; heat and hours at 100 percent add slight wear, which built-in smart charging reduces.',
    body: `<p>For a modern smartphone, charging overnight is safe and, for most people, perfectly fine. Phones have charging circuits that stop drawing current when the battery is full and only top it up as it slowly drains, so the old idea of overcharging does not apply.</p>
<p>That said, overnight charging is not completely free of wear. <a href="https://en.wikipedia.org/wiki/Lithium-ion_battery">Lithium-ion batteries</a> age faster when they are kept at a very high state of charge for long periods and when they are warm. A phone that sits at 100 percent for seven hours every night experiences slightly more stress than one that reaches full charge just before you wake up.</p>
<p><strong>Let the phone manage it.</strong> Phone makers have built features to handle exactly this. iPhones have Optimised Battery Charging, and recent models also offer an option to stop charging at 80 percent. Many Android phones, including Google Pixel and Samsung Galaxy models, have adaptive charging or battery protection settings that do something similar. These features learn your routine, hold the battery at around 80 percent for most of the night and finish charging shortly before your usual wake-up time. Make sure they are switched on in your battery settings.</p>
<h2>Watch out for heat</h2>
<p>Heat does far more damage than overnight charging itself. A few simple habits help:</p>
<ul>
<li>Do not charge your phone under a pillow, under a duvet or on a soft surface that traps heat.</li>
<li>If the phone gets noticeably warm while charging, take off a thick case.</li>
<li>Avoid leaving it charging in a hot car or in direct sunlight.</li>
<li>Use the original charger or a reputable certified one rather than a cheap unbranded adapter.</li>
</ul>
<p>All batteries lose capacity over time, whatever you do. Typical phone batteries are designed to keep about 80 percent of their original capacity after several hundred to around a thousand full charge cycles. You can check your battery's health in the settings on most phones. If it is still in good shape, there is no need to change your habits; if it has degraded badly, a battery replacement is often far cheaper than a new phone.</p>`,
    category: 'cat-smartphones',
    author: { name: 'Samuel Adeyemi' },
    publishedAt: '2026-06-22T17:00:00.000Z',
    updatedAt: '2026-06-22T17:00:00.000Z',
  },
  {
    _id: 'art-22',
    slug: 'does-closing-background-apps-save-battery',
    domains: ['dom-answers', 'sub-tech'],
    title: 'Does closing background apps save battery?',
    excerpt:
      'Usually not: phones freeze apps in the background, and relaunching them from scratch often uses more power than simply switching back to them.',
    body: `<p>Swiping away every app in the app switcher feels like good housekeeping, but on modern iPhones and Android phones it generally does not save battery, and it can even use a little more.</p>
<p><strong>How background apps really work.</strong> When you leave an app, the operating system does not keep it running at full speed. After a short time, it is suspended: its state is kept in memory, but it uses little or no processor time. If the phone needs memory for something else, the system quietly removes suspended apps on its own. The app switcher is essentially a list of recently used apps, not a list of apps draining your battery.</p>
<p>When you force-close an app and open it again later, the phone has to load it from scratch, a cold start, which takes more processing work and energy than resuming a suspended app. If you do this dozens of times a day, the effect on battery life can be slightly negative. Both Apple and Google advise closing an app only if it has frozen or is not responding properly.</p>
<p>There are a few situations where closing an app does help: when it has crashed, frozen or is behaving strangely; when your phone is unusually warm and the battery is dropping fast while you are not using it; or when an app is actively working in the background, such as navigation, GPS tracking or playing audio, and you no longer need it.</p>
<h2>Better ways to save battery</h2>
<p>Check the battery section in your phone's settings, which shows which apps have used the most power recently. If a particular app stands out, restrict its background activity or location access rather than repeatedly closing it. Other effective measures include:</p>
<ul>
<li>Lowering screen brightness or using automatic brightness, since the display is usually the biggest power user.</li>
<li>Turning off background refresh for apps that do not need it.</li>
<li>Using dark mode on phones with OLED screens.</li>
<li>Enabling low power or battery saver mode when you need to stretch the remaining charge.</li>
</ul>
<p>So leave your app switcher alone. Your phone is designed to manage it better than manual swiping can.</p>`,
    category: 'cat-smartphones',
    author: { name: 'Jonas Lindqvist' },
    publishedAt: '2026-08-06T18:20:00.000Z',
    updatedAt: '2026-08-07T07:55:00.000Z',
  },
  {
    _id: 'art-23',
    slug: 'should-i-put-a-wet-phone-in-rice',
    domains: ['dom-answers', 'sub-tech'],
    title: 'Should I put a wet phone in rice?',
    excerpt:
      'No. Rice dries a phone no faster than open air and can leave dust in its ports; switch it off, drain it and let it dry somewhere airy instead.',
    body: `<p>Putting a wet phone in a bag of rice is one of the best-known tech tips, but it does not work well and can cause problems of its own. Tests have found that uncooked rice absorbs moisture from a phone no faster than simply leaving the device out in the open air. Worse, rice dust and small grains can get into the charging port, speaker grilles and SIM tray. Apple's own support guidance specifically advises against using rice.</p>
<h2>What to do instead</h2>
<ul>
<li><strong>Get it out of the liquid quickly</strong> and wipe off the outside with a soft, lint-free cloth.</li>
<li><strong>Do not charge it.</strong> Unplug any cable and avoid connecting it until the port is completely dry, because charging a wet port can cause corrosion or a short circuit.</li>
<li><strong>Switch it off</strong> if it is not water-resistant or if it is behaving oddly.</li>
<li><strong>Drain the ports.</strong> Hold the phone with the charging port facing down and tap it gently against your hand to let water run out.</li>
<li><strong>Let it air dry</strong> in a dry, well-ventilated place. A fan blowing cool air across it helps.</li>
</ul>
<p>Avoid hair dryers on a hot setting, radiators and ovens, because heat can damage the battery, the screen and the adhesive seals. Do not push cotton buds or paper towels into the ports, and do not blast compressed air into them, which can force water deeper inside. Drying can take anywhere from half an hour to a day or more; many phones will show a warning if liquid is still detected in the port.</p>
<p>If the phone was dropped in salt water, chlorinated pool water or a sugary drink, manufacturers generally recommend rinsing it briefly with clean tap water first, because dried salt and sugar are corrosive. Then follow the same drying steps.</p>
<p>Finally, remember that water-resistance ratings such as IP67 and IP68 are measured in laboratory conditions with fresh water on new devices. Seals wear with age and after drops, and many warranties do not cover liquid damage. If your phone still misbehaves once it is dry, have it checked by the manufacturer or a reputable repair shop promptly, since corrosion can continue to spread inside.</p>`,
    category: 'cat-smartphones',
    author: { name: 'Samuel Adeyemi' },
    publishedAt: '2026-09-02T12:40:00.000Z',
    updatedAt: '2026-09-02T12:40:00.000Z',
  },
  {
    _id: 'art-24',
    slug: 'how-do-i-free-up-storage-space-on-my-phone',
    domains: ['dom-answers', 'sub-tech'],
    title: 'How do I free up storage space on my phone?',
    excerpt:
      'Check which apps use the most space, then back up photos and videos, clear messaging media, remove old downloads and offload apps you rarely use.',
    body: `<p>Running out of storage is one of the most common smartphone frustrations. The fastest way to fix it is to find out what is actually taking up the space before deleting anything at random.</p>
<p><strong>Start with the storage screen.</strong> On an iPhone, go to <em>Settings</em>, then <em>General</em>, then <em>iPhone Storage</em>. On Android, open <em>Settings</em> and look for <em>Storage</em>, although the exact location varies by manufacturer. Both show a breakdown by category and a list of apps sorted by size, often with recommendations.</p>
<h2>The biggest wins</h2>
<ul>
<li><strong>Photos and videos.</strong> These are usually the largest category. Turn on a cloud backup service such as iCloud Photos or Google Photos and use its option to keep smaller versions on the phone, or to remove local copies that are already backed up. Delete blurry shots, duplicates, bursts and old screen recordings. High-resolution video is particularly large, often hundreds of megabytes per minute, so consider recording at a lower resolution when quality is not critical.</li>
<li><strong>Recently deleted items.</strong> Deleted photos usually stay in a recently deleted album for about 30 days. Empty it to reclaim the space immediately.</li>
<li><strong>Messaging apps.</strong> Chat apps quietly store every photo, video and voice note you receive. WhatsApp and similar apps have storage management tools that show the largest files and chats. Turning off automatic media downloads prevents the problem from returning.</li>
<li><strong>Downloads.</strong> Offline music playlists, podcasts, downloaded films and series, and offline maps can take up several gigabytes. Remove the ones you have finished with.</li>
<li><strong>Unused apps.</strong> iPhones can offload apps you rarely use, removing the app but keeping its documents and data, and some Android phones can archive apps in a similar way.</li>
</ul>
<p>Browser and app caches can also grow large. On Android, you can clear an individual app's cache from its settings page. On an iPhone, you can clear Safari's website data in its settings, while other apps sometimes offer a cache option of their own.</p>
<p>Once you have cleared space, try to keep at least around ten percent of your storage free. Phones need working room for system updates, temporary files and caching, and they can become sluggish when storage is nearly full.</p>`,
    category: 'cat-smartphones',
    author: { name: 'Priya Raman' },
    publishedAt: '2026-10-15T16:45:00.000Z',
    updatedAt: '2026-10-18T10:00:00.000Z',
  },

  // ---------------------------------------------------------------- Rail travel
  {
    _id: 'art-25',
    slug: 'can-i-take-a-bicycle-on-a-european-night-train',
    domains: ['sub-travel', 'dom-answers'],
    title: 'Can I take a bicycle on a European night train?',
    excerpt:
      'Often yes, but spaces are limited and usually need a separate bike reservation, so book early; folded folding bikes generally travel as luggage.',
    body: `<p>In many cases you can, but it takes more planning than taking a bike on a regional train. Night trains carry a limited number of bicycles, rules differ between operators and routes, and the bike spaces tend to sell out well before the beds do.</p>
<p><strong>Full-size bicycles.</strong> Several major night train operators, including Austria's ÖBB Nightjet, offer bicycle spaces on many of their routes. These normally require a separate, paid bicycle reservation in addition to your ticket and your seat, couchette or sleeper booking. Only a handful of spaces are available on each train, and on some routes there are none at all, so check when you search for your journey and book the bike space at the same time as your berth. In summer and on popular routes, booking several weeks or even months ahead is wise.</p>
<p><strong>Folding bikes and bagged bikes.</strong> A folding bike that is folded, and ideally packed in a cover, is usually treated as ordinary hand luggage and travels free, as long as it fits in the luggage space. Some operators also accept a standard bike that has been partly dismantled and packed in a bike bag as luggage, but this varies, and the bag needs to fit somewhere without blocking corridors or compartments. Check the specific operator's conditions before relying on it.</p>
<h2>Practical tips</h2>
<ul>
<li>Find out which carriage has the bike spaces. It may be at the opposite end of the train from your sleeper car.</li>
<li>Arrive early, because loading a bike onto a long train can take time and stops can be brief.</li>
<li>Remove panniers, bottles and anything loose before boarding, and bring a lock or strap.</li>
<li>If you have an e-bike, check the weight limits, since you may need to lift it onto a hook or rack.</li>
</ul>
<p>Remember that every leg of the trip has its own rules. A bike that is welcome on your night train may need a reservation or be banned at peak times on the connecting high-speed service. Planning the whole route, not just the night train, avoids unpleasant surprises at the platform.</p>`,
    category: 'cat-rail',
    author: { name: 'Tom Hollis' },
    publishedAt: '2026-06-30T07:10:00.000Z',
    updatedAt: '2026-07-02T09:25:00.000Z',
  },
  {
    _id: 'art-26',
    slug: 'how-early-should-i-get-to-the-station-for-a-train',
    domains: ['sub-travel', 'dom-answers'],
    title: 'How early should I get to the station for a train?',
    excerpt:
      'For most trains, 10 to 20 minutes is enough, but allow longer at large unfamiliar stations and for services with security or passport checks.',
    body: `<p>One of the pleasures of rail travel is that, unlike flying, you rarely need to arrive hours in advance. For most domestic and regional trains, arriving <strong>10 to 20 minutes before departure</strong> gives you time to find the platform, check your carriage and board without rushing.</p>
<h2>When to allow more time</h2>
<ul>
<li><strong>Large or unfamiliar stations.</strong> Major hubs can be sprawling, with platforms a long walk apart. Allow 20 to 30 minutes if you have never been there, need to collect or buy tickets, or are carrying heavy luggage.</li>
<li><strong>Trains with security or border checks.</strong> Services such as Eurostar between London and mainland Europe have airport-style security and passport control, and the check-in gates close some time before departure. Follow the operator's recommended arrival time, which can be an hour or more at busy periods. Spain's high-speed trains also have luggage screening before the platform.</li>
<li><strong>Early boarding cut-offs.</strong> Some trains close their doors before the scheduled time. French TGV boarding, for example, ends two minutes before departure.</li>
<li><strong>Travelling with children, bikes or lots of bags.</strong> Finding space takes longer, and boarding at a calm pace is much easier.</li>
</ul>
<p><strong>Small details that save time.</strong> Check which coach you are in and where it will stop. Many stations display the train's carriage order on screens or boards on the platform, showing which section each coach will stop in, so you can wait in the right spot instead of running along the train. At big terminus stations, the platform number is sometimes announced only shortly before departure, so keep an eye on the departure boards.</p>
<p>Some paper tickets need validating before you board. In Italy, for instance, paper tickets for regional trains must be stamped in a validation machine at the station, or you risk a fine.</p>
<p>If you have a connection, remember that a train ticket covering the whole journey often protects you if the first train is late, while separate tickets may not. Either way, building in a comfortable buffer makes the trip far more relaxing than sprinting for a departing train.</p>`,
    category: 'cat-rail',
    author: { name: 'Grace Whitfield' },
    publishedAt: '2026-08-17T07:50:00.000Z',
    updatedAt: '2026-08-17T07:50:00.000Z',
  },
  {
    _id: 'art-27',
    slug: 'is-a-rail-pass-cheaper-than-buying-individual-tickets',
    domains: ['sub-travel', 'dom-answers'],
    title: 'Is a rail pass cheaper than buying individual tickets?',
    excerpt:
      'Sometimes: a pass pays off for many long, flexible journeys, but cheap advance fares and mandatory reservation fees often make single tickets cheaper.',
    body: `<p>It depends on where you are going, how much you travel and how far ahead you can plan. A rail pass such as the <a href="https://en.wikipedia.org/wiki/Interrail">Interrail</a> pass for European residents, or the Eurail pass for visitors from outside Europe, can be excellent value, but it is not automatically the cheapest option.</p>
<p><strong>What a pass covers, and what it does not.</strong> A pass gives you travel on most national railways in the countries it covers, either on a set number of travel days or continuously for a period. What catches many travellers out is that numerous high-speed and long-distance trains require a <strong>seat reservation</strong> on top of the pass, and these cost extra. France's TGV services, Spain's high-speed trains, Italy's fastest services, Eurostar and most night trains all fall into this category, and reservation fees can add up quickly. On night trains, you also pay for a couchette or sleeper berth.</p>
<p>By contrast, in countries such as Germany, Austria, Switzerland and the Netherlands, many trains, including a lot of long-distance ones, can be boarded with just the pass, which makes it much better value there.</p>
<p><strong>When individual tickets win.</strong> Many rail operators sell heavily discounted advance fares on popular routes, especially on high-speed lines. If you know your dates and can book weeks ahead, these fares can undercut the per-day cost of a pass, particularly for a trip with only a few long journeys.</p>
<h2>When a pass wins</h2>
<ul>
<li>You plan to make many long journeys in a short time.</li>
<li>You want flexibility to change plans without rebooking fees.</li>
<li>You are travelling in countries where walk-up fares are high and reservations are rarely required.</li>
<li>You qualify for youth or senior discounts on the pass.</li>
</ul>
<p>The simplest approach is to sketch your itinerary and price each journey as an individual ticket, using the fare you would realistically pay when you book. Then compare the total with the cost of a suitable pass plus any reservation fees. It takes half an hour, and it usually gives a clear answer.</p>`,
    category: 'cat-rail',
    author: { name: 'Tom Hollis' },
    publishedAt: '2026-09-22T08:05:00.000Z',
    updatedAt: '2026-09-24T11:30:00.000Z',
  },
  {
    _id: 'art-28',
    slug: 'do-i-need-a-seat-reservation-on-european-trains',
    domains: ['sub-travel', 'dom-answers'],
    title: 'Do I need a seat reservation on European trains?',
    excerpt:
      'It depends on the train: some require a reservation, many offer one as an option worth buying at busy times, and most regional trains have none.',
    body: `<p>Seat reservation rules vary widely across Europe, and they can differ between trains on the same route. It helps to think of trains as falling into three groups.</p>
<p><strong>Reservation compulsory or included.</strong> On many high-speed and international services, every passenger must have a reserved seat. This applies, for example, to French TGV trains, Spanish high-speed services, Italy's fastest trains, Eurostar and night trains. If you buy a normal ticket for these trains, the seat reservation is usually included automatically. If you travel with a rail pass, you need to buy a reservation separately, and the pass alone will not let you board.</p>
<p><strong>Reservation optional.</strong> In countries such as Germany, Austria, Switzerland and the Netherlands, most trains can be boarded with just a ticket. You can sit in any free seat that is not reserved. On busy routes, though, especially on Friday afternoons, Sunday evenings and around holidays, trains can be packed, and standing for several hours is no fun. An optional reservation is usually inexpensive and well worth it for long journeys at peak times.</p>
<p>On many trains, including German long-distance services, small displays above or beside each seat show whether it is reserved and for which part of the route. If a seat is marked as reserved only from a later station, you can sit there until then. In Britain, reservations are often free with long-distance tickets, and seats may be marked as reserved on a display or a paper label.</p>
<p><strong>No reservations at all.</strong> Most local and regional trains across Europe do not offer reservations. You simply board with a valid ticket and sit wherever there is space.</p>
<ul>
<li>A reservation is not a ticket: on trains where it is optional, you still need a valid ticket or pass.</li>
<li>If you miss your reserved train, the reservation usually cannot be used on the next one.</li>
<li>Booking reservations early gives you a better choice of seats, such as a window or a table.</li>
</ul>
<p>When in doubt, check the journey in the operator's booking system. It will tell you whether a reservation is required, optional or not available for each train.</p>`,
    category: 'cat-rail',
    author: { name: 'Daniel Brandt' },
    publishedAt: '2026-10-20T09:10:00.000Z',
    updatedAt: '2026-10-20T09:10:00.000Z',
  },

  // ---------------------------------------------------------------- Packing and luggage
  {
    _id: 'art-29',
    slug: 'is-rolling-clothes-better-than-folding-them',
    domains: ['sub-travel', 'dom-answers'],
    title: 'Is rolling clothes better than folding them?',
    excerpt:
      'Rolling suits soft, casual clothes and fills gaps neatly, while folding is better for structured garments such as shirts, blazers and tailored trousers.',
    body: `<p>The honest answer is that neither method is better for everything. Rolling and folding each suit different kinds of clothing, and most experienced travellers use both in the same suitcase.</p>
<p><strong>When rolling works best.</strong> Rolling is ideal for soft, casual items that do not crease easily: T-shirts, jersey dresses, knitwear, leggings, jeans, pyjamas and underwear. Tight rolls are easy to line up in rows, so you can see everything at a glance when you open the case, and small rolls can be tucked into the gaps around shoes and toiletry bags. For knits and jersey fabrics, a roll can also leave fewer sharp creases than a hard fold.</p>
<p>One common belief is that rolling saves space. The clothes themselves do not get smaller, so rolling does not magically add capacity. What it does is make it easier to pack tightly, without air pockets, and that is where the apparent saving comes from. Compression packing cubes save far more space than either method.</p>
<p><strong>When folding works best.</strong> Structured or crisp garments, such as button-down shirts, blazers, tailored trousers and anything made of linen or cotton poplin, tend to come out of a roll covered in small wrinkles. Fold these along their natural seams and lay them flat, ideally near the top of the bag where they are not crushed.</p>
<ul>
<li>Place heavy items such as shoes and toiletries at the wheel end of the case so they do not crush everything else.</li>
<li>Lay folded garments flat above them, then fill gaps with rolled items.</li>
<li>Use packing cubes to group clothes by type or by day.</li>
</ul>
<p><strong>The bundle method.</strong> For wrinkle-prone clothes, some travellers use the bundle method: garments are wrapped around a soft central core, such as a pouch of underwear, so that nothing is sharply folded. It is very effective against creases, but you have to unwrap the whole bundle to reach anything, so it suits trips where you unpack on arrival.</p>
<p>Try a mix of methods on your next trip and notice what arrives in the best condition. Your own wardrobe will quickly tell you which approach suits it.</p>`,
    category: 'cat-packing',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-07-25T11:00:00.000Z',
    updatedAt: '2026-07-27T10:05:00.000Z',
  },
  {
    _id: 'art-30',
    slug: 'what-liquids-can-i-take-in-my-carry-on-bag',
    domains: ['sub-travel', 'dom-answers'],
    title: 'What liquids can I take in my carry-on bag?',
    excerpt:
      'At most airports, liquids must be in containers of 100 ml or less inside one small clear bag, with exceptions for medicines and baby food.',
    body: `<p>At most airports around the world, including those in the European Union, the United Kingdom and the United States, hand luggage is subject to the same basic liquids rule. Some airports with newer scanners have relaxed it, but the standard limits are still the safest assumption when you pack.</p>
<h2>The standard rule</h2>
<ul>
<li>Each liquid must be in a container of <strong>100 ml (3.4 oz) or less</strong>.</li>
<li>All the containers must fit in <strong>one clear, resealable plastic bag</strong> of about one litre, roughly 20 by 20 cm. In the US this is described as a quart-sized bag.</li>
<li>Each passenger is allowed one bag, which usually has to be taken out of your hand luggage at security.</li>
</ul>
<p>What counts is the size printed on the container, not how much is left inside. A 200 ml bottle that is half empty will still be confiscated. The rule also covers much more than drinks: gels, creams, pastes, sprays and aerosols are included, so toothpaste, sunscreen, hair gel, liquid make-up, jam, honey, peanut butter and soft cheeses all need to go in the bag or in your checked luggage.</p>
<p><strong>Exceptions.</strong> Medicines you need during the journey, baby milk and baby food, and special dietary products are generally allowed in larger quantities outside the bag. Security staff may screen or ask about them separately, and it helps to carry a prescription or doctor's letter for liquid medication.</p>
<p>Liquids bought in the departure lounge after security, such as duty-free spirits or perfume, can be taken on board. If you have a connecting flight, keep them in the sealed tamper-evident bag with the receipt visible, because you may be screened again at the transfer airport.</p>
<p><strong>Check before you fly.</strong> A growing number of airports have installed CT scanners that can analyse liquids in bags, and some have raised or removed the 100 ml limit. However, the rules differ from airport to airport, have changed more than once in recent years, and may not apply on your return flight. Check your departure airport's website shortly before travelling, and pack for the strictest airport on your itinerary. Solid toiletries, such as shampoo bars and solid deodorant, are an easy way to avoid the issue entirely.</p>`,
    category: 'cat-packing',
    author: { name: 'Samuel Adeyemi' },
    publishedAt: '2026-08-28T11:45:00.000Z',
    updatedAt: '2026-08-28T11:45:00.000Z',
  },
  {
    _id: 'art-31',
    slug: 'how-do-i-keep-clothes-from-wrinkling-in-a-suitcase',
    domains: ['sub-travel', 'dom-answers'],
    title: 'How do I keep clothes from wrinkling in a suitcase?',
    excerpt:
      'Choose crease-resistant fabrics, pack snugly so clothes cannot shift, layer delicate items with tissue or plastic, and hang everything soon after arrival.',
    body: `<p>Wrinkles form when fabric is pressed into sharp folds and then held there under weight, especially when it moves around and rubs against other clothes. Preventing them starts before you even open the suitcase.</p>
<p><strong>Choose the right fabrics.</strong> Some materials are far more forgiving than others. Wool, merino, knits, jersey and many polyester blends shrug off creases and recover quickly when hung up. Linen, cotton poplin and rayon wrinkle readily. If you need to look crisp on arrival, pack more of the former and fewer of the latter.</p>
<h2>Pack smart</h2>
<ul>
<li><strong>Pack snugly.</strong> Clothes that slide around during the journey crease more. Fill the case so items stay in place, without cramming it so full that everything is crushed.</li>
<li><strong>Fold along natural lines.</strong> Button shirts, zip trousers and fold garments along their seams. Fewer, softer folds are better than many sharp ones.</li>
<li><strong>Add a layer.</strong> Placing tissue paper or the thin plastic bags from the dry cleaner between folded garments reduces friction, so clothes slide rather than crease.</li>
<li><strong>Put delicate items on top,</strong> away from heavy shoes and toiletries.</li>
<li><strong>Try the bundle method</strong> for formal clothes, wrapping garments around a soft core so nothing has a hard fold.</li>
</ul>
<p>For a suit or dress, a garment bag or a packing folder can help a great deal, and some carry-on cases include a built-in suiter compartment.</p>
<p><strong>Unpack promptly.</strong> The longer clothes sit folded, the more the creases set. Hang shirts, trousers and dresses as soon as you arrive, even if you unpack nothing else.</p>
<p><strong>Quick fixes on the road.</strong> If items still come out creased, hang them in the bathroom while you take a hot shower, with the door closed, for 15 minutes or so; the steam relaxes many wrinkles. A small travel steamer is even more effective and lighter than an iron. Wrinkle-release sprays, or a light mist of water followed by firm tugging and smoothing with your hands, work surprisingly well on cotton. Most hotels can also lend you an iron and ironing board if you ask at reception.</p>`,
    category: 'cat-packing',
    author: { name: 'Elena Vasquez' },
    publishedAt: '2026-10-01T10:50:00.000Z',
    updatedAt: '2026-10-03T08:15:00.000Z',
  },
  {
    _id: 'art-32',
    slug: 'should-i-buy-a-hard-shell-or-soft-sided-suitcase',
    domains: ['sub-travel', 'dom-answers'],
    title: 'Should I buy a hard-shell or soft-sided suitcase?',
    excerpt:
      'Hard-shell cases protect contents and resist rain better, while soft-sided bags offer outside pockets, expansion and more flexibility in tight spaces.',
    body: `<p>Both types can be excellent, and the right choice depends mostly on how you travel. Here is how they compare.</p>
<p><strong>Hard-shell suitcases</strong> are usually made from polycarbonate, which is light, tough and flexes under impact; ABS plastic, which is cheaper but more brittle; or aluminium, which is very durable but heavier, pricier and prone to dents. Their strengths are better protection for fragile items, good resistance to rain and spills, and surfaces that are easy to wipe clean and harder to cut open. On the downside, scratches and scuffs show, there are rarely outside pockets, and most open like a clamshell into two halves, which needs a lot of floor space in a small hotel room. A full hard case also cannot be squeezed into a tight overhead bin or luggage rack.</p>
<p><strong>Soft-sided suitcases</strong> are typically made from woven nylon or polyester, and higher-denier fabrics and ballistic nylon are more resistant to tears and abrasion. They usually have external pockets for documents, a laptop or a jacket, often an expansion zip for extra capacity, and a little give that helps them fit into awkward spaces. Scuffs are less visible, too. In exchange, they offer less protection against crushing, untreated fabric can soak up rain, and it can be slashed more easily.</p>
<h2>How to decide</h2>
<p>If you mostly check your bag on flights and carry anything breakable, a polycarbonate hard-shell is a strong choice. If you often travel by train, car or bus, where you lift your own luggage into racks and boots, or you like having quick-access pockets, a soft-sided case is often more practical. For carry-on bags, soft-sided cases are generally easier to fit into a full overhead bin.</p>
<p>Whichever you choose, look closely at the details that tend to fail first: wheels, handles and zips. Four spinner wheels glide easily on smooth airport floors, while two larger wheels cope better with cobblestones and kerbs. Compare the empty weight, since a heavy case eats into your airline allowance, and favour brands that offer a long warranty and sell replacement parts.</p>`,
    category: 'cat-packing',
    author: { name: 'Tom Hollis' },
    publishedAt: '2026-11-14T09:20:00.000Z',
    updatedAt: '2026-11-14T09:20:00.000Z',
  },
  // ---------------------------------------------------------------- Baking, continued: enough
  // answers for /category/baking to have a second page (10 a page).
  {
    _id: 'art-33',
    slug: 'why-do-cookies-spread-too-much',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Why do my cookies spread too much?',
    excerpt: 'Soft or melted butter, too little flour, a warm baking sheet or too much sugar all let the dough run before it sets.',
    body: `<p>Cookies spread when the fat melts before the flour and eggs have set the dough around it. The warmer and looser the dough is when it goes into the oven, the further it runs.</p>
<p>Chill the dough for at least 30 minutes, measure flour by weight rather than by the cup, and always bake on a cool sheet: a tray straight from the previous batch starts melting the butter at once. Baking paper gives a little grip; a greased sheet makes spreading worse.</p>`,
    category: 'cat-baking',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-06-11T08:00:00.000Z',
    updatedAt: '2026-06-11T08:00:00.000Z',
  },
  {
    _id: 'art-34',
    slug: 'how-do-i-know-when-bread-dough-has-proved-enough',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'How do I know when bread dough has proved enough?',
    excerpt: 'Use the poke test: a floured finger leaves a dent that springs back slowly and only partly. Quick spring-back means more time; none means over-proved.',
    body: `<p>Timings in recipes are only a guide, because yeast works faster in a warm kitchen and slower in a cool one. The dough itself tells you when it is ready.</p>
<p>Press a floured fingertip about a centimetre into the dough. If the dent springs straight back, give it more time. If it fills in slowly and leaves a slight dimple, bake it now. If it stays put or the dough sighs and deflates, it has over-proved: reshape it gently and give it a shorter second rise.</p>`,
    category: 'cat-baking',
    author: { name: 'Daniel Brandt' },
    publishedAt: '2026-06-24T09:15:00.000Z',
    updatedAt: '2026-06-24T09:15:00.000Z',
  },
  {
    _id: 'art-35',
    slug: 'why-is-my-pie-crust-tough',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Why is my pie crust tough?',
    excerpt: 'Too much mixing or water develops gluten; keep the fat cold, add water a spoonful at a time and rest the dough before rolling.',
    body: `<p>A tender crust has flakes of cold fat separating thin layers of dough. Work the dough too long, or add too much water, and the flour's proteins form an elastic gluten network that bakes up hard and chewy.</p>
<p>Rub or cut the butter in until the pieces are the size of peas, add ice water a tablespoon at a time until the dough just holds together, then wrap it and rest it in the fridge for an hour. Resting lets the gluten relax, so the crust does not shrink in the tin either.</p>`,
    category: 'cat-baking',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-07-08T07:45:00.000Z',
    updatedAt: '2026-07-08T07:45:00.000Z',
  },
  {
    _id: 'art-36',
    slug: 'can-i-freeze-cake-batter',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Can I freeze cake batter?',
    excerpt: 'Batters raised by baking powder freeze reasonably well for up to a month; whisked sponges that rely on air do not.',
    body: `<p>Most butter cakes and muffins leavened with double-acting baking powder can be frozen as batter in an airtight container for a few weeks. Thaw it overnight in the fridge, stir gently and bake as usual; expect a slightly lower rise.</p>
<p>Sponges that get their lift from whisked eggs lose that air in the freezer and bake up dense. For those, bake first and freeze the cooled, well-wrapped layers instead: they thaw in a couple of hours at room temperature.</p>`,
    category: 'cat-baking',
    author: { name: 'Daniel Brandt' },
    publishedAt: '2026-07-30T10:00:00.000Z',
    updatedAt: '2026-07-30T10:00:00.000Z',
  },
  {
    _id: 'art-37',
    slug: 'what-does-resting-dough-actually-do',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'What does resting dough actually do?',
    excerpt: 'Resting lets flour absorb water fully and lets gluten relax, so the dough rolls out easily and holds its shape in the oven.',
    body: `<p>Right after mixing, the flour has not finished soaking up the liquid and the gluten strands are tight from being worked. The dough fights back when you roll it and shrinks when it bakes.</p>
<p>Twenty minutes to an hour of rest, covered so it does not dry out, evens out the hydration and lets the gluten relax. Pastry and pasta become smoother and more pliable, and bread dough given an autolyse rest before kneading develops structure with less work.</p>`,
    category: 'cat-baking',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-08-19T08:30:00.000Z',
    updatedAt: '2026-08-19T08:30:00.000Z',
  },
  {
    _id: 'art-38',
    slug: 'why-are-my-muffins-dense-and-rubbery',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Why are my muffins dense and rubbery?',
    excerpt: 'Overmixing is the usual cause: stir wet and dry ingredients only until no dry flour remains, lumps and all.',
    body: `<p>Muffin batter is meant to be lumpy. Every extra stir after the wet ingredients meet the flour builds gluten and knocks out the gas the baking powder is producing, which gives tunnels, peaked tops and a rubbery crumb.</p>
<p>Mix the dry ingredients in one bowl and the wet in another, combine them with a few folds of a spatula and stop as soon as the last streaks of flour disappear. Old baking powder and an oven that runs cool also make muffins heavy, so check both if mixing gently does not help.</p>`,
    category: 'cat-baking',
    author: { name: 'Daniel Brandt' },
    publishedAt: '2026-09-09T09:00:00.000Z',
    updatedAt: '2026-09-09T09:00:00.000Z',
  },
  {
    _id: 'art-39',
    slug: 'how-do-i-stop-a-cheesecake-from-cracking',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'How do I stop a cheesecake from cracking?',
    excerpt: 'Beat gently, bake low with a water bath, and let it cool slowly in the switched-off oven with the door ajar.',
    body: `<p>Cracks appear when the filling puffs up with air and then contracts quickly, or when its edges set and pull away while the centre is still moving.</p>
<p>Beat the cream cheese and eggs on low speed just until smooth, bake at about 150 °C in a water bath for gentle, even heat, and take it out while the centre still wobbles. Then turn the oven off, prop the door open and let the cake cool there for an hour before it goes to the fridge. Running a knife around the edge early lets it shrink without tearing.</p>`,
    category: 'cat-baking',
    author: { name: 'Maya Okafor' },
    publishedAt: '2026-10-07T08:10:00.000Z',
    updatedAt: '2026-10-07T08:10:00.000Z',
  },
  {
    _id: 'art-40',
    slug: 'is-it-worth-weighing-ingredients-for-baking',
    domains: ['sub-cooking', 'dom-answers'],
    title: 'Is it worth weighing ingredients for baking?',
    excerpt: 'Yes: a cup of flour can weigh anywhere from 120 to 160 g depending on how it is filled, and that difference decides the texture.',
    body: `<p>Baking depends on ratios of flour, fat, sugar and liquid. Measuring flour by volume is unreliable because it compacts: scooping straight from the bag packs in up to a third more than spooning it into the cup and levelling it off.</p>
<p>A digital kitchen scale removes the guesswork, makes recipes repeatable and saves washing up, since everything can be weighed straight into one bowl with the tare button. Small amounts such as salt, spices and leaveners are still fine by the spoon.</p>`,
    category: 'cat-baking',
    author: { name: 'Daniel Brandt' },
    publishedAt: '2026-11-04T09:40:00.000Z',
    updatedAt: '2026-11-04T09:40:00.000Z',
  },
];

/** The demo articles, each with its category's lead image. */
// Each image is titled with the category's name as the pages show it (a category without one: its slug, title-cased).
export const demoArticles: readonly Article[] = withLeadImages(
  articles,
  demoCategories.map((category) => categorySchema.parse(category)),
);
