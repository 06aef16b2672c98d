// The demo blog (issue 16 point 2, seeder 50): three articles about travel in Tunisia, each
// written in English, French and Spanish for Darna (not machine copies of one another), with a
// cover drawn at seed time. Markdown, rendered safely like any operator's article.

export type DemoCover = "medina" | "dunes" | "island";

export interface DemoArticleVersion {
  slug: string;
  title: string;
  summary: string;
  body: string;
}

export interface DemoArticle {
  cover: DemoCover;
  /** Published this many days before the day of seeding. */
  daysAgo: number;
  versions: { en: DemoArticleVersion; fr: DemoArticleVersion; es: DemoArticleVersion };
}

export const DEMO_ARTICLES: DemoArticle[] = [
  {
    cover: "medina",
    daysAgo: 45,
    versions: {
      en: {
        slug: "tunis-carthage-sidi-bou-said-in-three-days",
        title: "Tunis, Carthage and Sidi Bou Saïd in three days",
        summary: "A relaxed three-day plan for the capital: the medina's souks, the ruins of Carthage and the blue-and-white village above the sea, all linked by the little TGM train.",
        body: `Tunis is often a stopover on the way to the beaches, yet three unhurried days here show you more of the country's history than a week anywhere else.

## Day 1: the medina of Tunis

Enter through Bab Bhar, the "sea gate", and let the main lane lead you uphill to the **Zitouna Mosque**, the heart of the old town. The medina is listed by UNESCO and its souks are still organised by trade:

- **Souk el Attarine** for perfumes, essential oils and henna;
- **Souk ech-Chaouachia**, where the red felt *chechia* caps are still made by hand;
- the lanes around **Dar Ben Abdallah**, a 19th-century palace that now tells the story of daily life in the medina.

Stop for a mint tea on a rooftop terrace: several shops let you climb up for the view over the green-tiled minarets.

## Day 2: Carthage

Take the **TGM** light railway from Tunis Marine and get off at the Carthage stations. The site is spread out, so choose a few places rather than everything:

1. **Byrsa Hill** and its museum, for the view over the Punic ports;
2. the **Antonine Baths**, by the sea, among the largest Roman baths in Africa;
3. the **Punic ports**, whose round shape is still visible.

A single ticket covers most of the sites; bring water and a hat, as there is little shade.

## Day 3: Sidi Bou Saïd

Two TGM stops further, the village of **Sidi Bou Saïd** sits on a cliff above the gulf. Its white walls and blue doors and shutters are protected by a rule that dates back more than a century. Come early in the morning, before the coaches, walk down to the marina, and end the day with a coffee and a *bambalouni*, the local doughnut, while the sun sets over the bay.

> Tip: on Friday around midday many medina shops close for prayer; plan your souk visit for the morning or another day.`,
      },
      fr: {
        slug: "tunis-carthage-sidi-bou-said-en-trois-jours",
        title: "Tunis, Carthage et Sidi Bou Saïd en trois jours",
        summary: "Trois jours sans se presser dans la capitale : les souks de la médina, les ruines de Carthage et le village bleu et blanc au-dessus de la mer, reliés par le petit train TGM.",
        body: `On traverse souvent Tunis pour rejoindre les plages. Pourtant, trois jours tranquilles dans la capitale racontent plus d'histoire qu'une semaine ailleurs.

## Jour 1 : la médina de Tunis

Entrez par Bab Bhar, la « porte de la mer », et suivez la rue principale qui monte jusqu'à la **mosquée Zitouna**, au cœur de la vieille ville. La médina est inscrite au patrimoine mondial de l'UNESCO et ses souks sont toujours rangés par métier :

- le **souk El Attarine** pour les parfums, les huiles essentielles et le henné ;
- le **souk des Chaouachia**, où l'on fabrique encore à la main la *chéchia*, le bonnet de feutre rouge ;
- les ruelles autour de **Dar Ben Abdallah**, palais du XIXᵉ siècle devenu musée des arts et traditions populaires.

Faites une pause thé à la menthe sur une terrasse : plusieurs boutiques laissent monter sur leur toit pour la vue sur les minarets aux tuiles vertes.

## Jour 2 : Carthage

Prenez le **TGM**, le train léger qui part de Tunis Marine, et descendez aux stations de Carthage. Le site est étendu : mieux vaut choisir quelques lieux que tout vouloir voir.

1. la **colline de Byrsa** et son musée, pour la vue sur les ports puniques ;
2. les **thermes d'Antonin**, au bord de la mer, parmi les plus grands de l'Afrique romaine ;
3. les **ports puniques**, dont la forme circulaire se devine encore.

Un billet unique donne accès à la plupart des sites ; emportez de l'eau et un chapeau, l'ombre est rare.

## Jour 3 : Sidi Bou Saïd

Deux arrêts plus loin, **Sidi Bou Saïd** s'accroche à une falaise au-dessus du golfe. Ses murs blancs et ses portes bleues sont protégés par une règle vieille de plus d'un siècle. Venez tôt le matin, avant les cars, descendez jusqu'au port de plaisance et terminez la journée avec un café et un *bambalouni*, le beignet local, face au coucher du soleil sur la baie.

> Conseil : le vendredi vers midi, beaucoup de boutiques de la médina ferment pour la prière ; prévoyez les souks le matin ou un autre jour.`,
      },
      es: {
        slug: "tunez-cartago-sidi-bou-said-en-tres-dias",
        title: "Túnez, Cartago y Sidi Bou Saïd en tres días",
        summary: "Un plan tranquilo de tres días por la capital: los zocos de la medina, las ruinas de Cartago y el pueblo blanco y azul sobre el mar, unidos por el pequeño tren TGM.",
        body: `Muchos viajeros solo pasan por Túnez camino de la playa, pero tres días sin prisa en la capital cuentan más historia que una semana en cualquier otro lugar.

## Día 1: la medina de Túnez

Entre por Bab Bhar, la «puerta del mar», y siga la calle principal cuesta arriba hasta la **mezquita Zitouna**, el corazón de la ciudad vieja. La medina es Patrimonio de la Humanidad de la UNESCO y sus zocos siguen ordenados por oficios:

- el **zoco El Attarine**, de perfumes, aceites esenciales y henna;
- el **zoco de los Chaouachia**, donde todavía se hace a mano la *chechia*, el gorro de fieltro rojo;
- las callejuelas alrededor de **Dar Ben Abdallah**, un palacio del siglo XIX convertido en museo de la vida cotidiana.

Haga una pausa con un té a la menta en una azotea: varias tiendas dejan subir al tejado para ver los minaretes de tejas verdes.

## Día 2: Cartago

Tome el **TGM**, el tren ligero que sale de Tunis Marine, y baje en las estaciones de Cartago. El yacimiento es extenso, así que conviene elegir algunos lugares:

1. la **colina de Byrsa** y su museo, con vistas a los puertos púnicos;
2. las **termas de Antonino**, junto al mar, de las mayores del África romana;
3. los **puertos púnicos**, cuya forma circular aún se distingue.

Una sola entrada sirve para casi todos los sitios; lleve agua y sombrero, porque hay poca sombra.

## Día 3: Sidi Bou Saïd

Dos paradas más allá, **Sidi Bou Saïd** se asoma a un acantilado sobre el golfo. Sus paredes blancas y sus puertas azules están protegidas por una norma de hace más de un siglo. Llegue temprano, antes que los autocares, baje hasta el puerto deportivo y termine el día con un café y un *bambalouni*, el buñuelo local, mirando la puesta de sol sobre la bahía.

> Consejo: los viernes hacia el mediodía muchas tiendas de la medina cierran para la oración; visite los zocos por la mañana u otro día.`,
      },
    },
  },
  {
    cover: "dunes",
    daysAgo: 24,
    versions: {
      en: {
        slug: "into-the-sahara-tozeur-douz-ksar-ghilane",
        title: "Into the Sahara: Tozeur, Douz and Ksar Ghilane",
        summary: "How to plan a first trip to the Tunisian desert: the oasis of Tozeur, the salt lake of Chott el Jerid, Douz at the edge of the dunes and a night in Ksar Ghilane.",
        body: `The south of Tunisia is where the palm groves meet the Grand Erg Oriental, the great sea of dunes. It is easier to reach than many people think, and four or five days are enough for a first taste.

## When to go

The best months are **October to April**. Days are warm and bright, but desert nights can be cold in winter, so pack a fleece. From June to September the heat is hard to bear in the middle of the day.

## Tozeur and the mountain oases

Tozeur's old quarter, **Ouled el Hadef**, is built of yellow bricks laid in geometric patterns. Rent a bike to ride through the palm grove, where hundreds of thousands of date palms are watered by old canals. From Tozeur, a day trip leads to the mountain oases of **Chebika**, **Tamerza** and **Mides**, with their canyons and small waterfalls.

## Crossing Chott el Jerid

The road from Tozeur to Kebili crosses **Chott el Jerid**, a vast salt lake. Early in the morning the light plays tricks and mirages are common. Stop at a safe lay-by rather than on the causeway itself.

## Douz and Ksar Ghilane

**Douz** calls itself the gateway to the Sahara; every winter it hosts the International Festival of the Sahara, with camel races and poetry. From there, a four-by-four takes you to **Ksar Ghilane**, an oasis with a warm spring at the edge of the dunes, where you can spend the night in a desert camp.

## What to bring

- a light scarf to protect face and neck from sun and sand;
- sunglasses, sunscreen and a refillable water bottle;
- warm layers for the evening;
- cash: small shops and camps do not always take cards.

Book your desert guide with a recognised agency and tell your host where you are going: mobile coverage thins out quickly once you leave the roads.`,
      },
      fr: {
        slug: "vers-le-sahara-tozeur-douz-ksar-ghilane",
        title: "Vers le Sahara : Tozeur, Douz et Ksar Ghilane",
        summary: "Préparer un premier voyage dans le désert tunisien : l'oasis de Tozeur, le Chott el Jérid, Douz aux portes des dunes et une nuit à Ksar Ghilane.",
        body: `Le sud tunisien, c'est la rencontre des palmeraies et du Grand Erg oriental, l'immense mer de dunes. Il est plus facile d'accès qu'on ne le croit, et quatre ou cinq jours suffisent pour une première approche.

## Quand partir

Les meilleurs mois vont **d'octobre à avril**. Les journées sont douces et lumineuses, mais les nuits du désert peuvent être froides en hiver : prévoyez une polaire. De juin à septembre, la chaleur de la mi-journée est difficile à supporter.

## Tozeur et les oasis de montagne

La vieille ville de Tozeur, le quartier **Ouled el Hadef**, est bâtie de briques ocre disposées en motifs géométriques. Louez un vélo pour parcourir la palmeraie, où des centaines de milliers de palmiers dattiers sont irrigués par d'anciens canaux. Depuis Tozeur, une excursion mène aux oasis de montagne de **Chebika**, **Tamerza** et **Midès**, avec leurs canyons et leurs petites cascades.

## Traverser le Chott el Jérid

La route de Tozeur à Kébili traverse le **Chott el Jérid**, un immense lac salé. Tôt le matin, la lumière joue des tours et les mirages sont fréquents. Arrêtez-vous sur une aire sûre plutôt que sur la chaussée.

## Douz et Ksar Ghilane

**Douz** se dit la porte du Sahara ; chaque hiver s'y tient le Festival international du Sahara, avec courses de dromadaires et poésie. De là, un 4×4 vous conduit à **Ksar Ghilane**, une oasis avec une source chaude au bord des dunes, où l'on passe la nuit dans un campement.

## Dans le sac

- un chèche léger pour protéger le visage et la nuque du soleil et du sable ;
- lunettes de soleil, crème solaire et gourde ;
- des vêtements chauds pour le soir ;
- des espèces : petites boutiques et campements n'acceptent pas toujours la carte.

Réservez votre guide auprès d'une agence reconnue et dites à votre hôte où vous allez : le réseau mobile se fait rare dès qu'on quitte les routes.`,
      },
      es: {
        slug: "hacia-el-sahara-tozeur-douz-ksar-ghilane",
        title: "Hacia el Sáhara: Tozeur, Douz y Ksar Ghilane",
        summary: "Cómo preparar un primer viaje al desierto tunecino: el oasis de Tozeur, el lago salado de Chott el Jerid, Douz a las puertas de las dunas y una noche en Ksar Ghilane.",
        body: `El sur de Túnez es el lugar donde los palmerales se encuentran con el Gran Erg Oriental, el inmenso mar de dunas. Es más accesible de lo que parece, y con cuatro o cinco días basta para una primera visita.

## Cuándo ir

Los mejores meses van **de octubre a abril**. Los días son templados y luminosos, pero las noches del desierto pueden ser frías en invierno: lleve un forro polar. De junio a septiembre el calor del mediodía es difícil de soportar.

## Tozeur y los oasis de montaña

El barrio antiguo de Tozeur, **Ouled el Hadef**, está construido con ladrillos ocres dispuestos en dibujos geométricos. Alquile una bicicleta para recorrer el palmeral, donde cientos de miles de palmeras datileras se riegan con antiguos canales. Desde Tozeur, una excursión lleva a los oasis de montaña de **Chebika**, **Tamerza** y **Mides**, con sus cañones y pequeñas cascadas.

## Cruzar el Chott el Jerid

La carretera de Tozeur a Kebili atraviesa el **Chott el Jerid**, un enorme lago salado. A primera hora la luz engaña y los espejismos son frecuentes. Pare en un área segura y no en la calzada.

## Douz y Ksar Ghilane

**Douz** se presenta como la puerta del Sáhara; cada invierno acoge el Festival Internacional del Sáhara, con carreras de dromedarios y poesía. Desde allí, un todoterreno le lleva a **Ksar Ghilane**, un oasis con un manantial templado al borde de las dunas, donde se puede dormir en un campamento.

## Qué llevar

- un pañuelo ligero para proteger la cara y el cuello del sol y de la arena;
- gafas de sol, crema solar y una cantimplora;
- ropa de abrigo para la noche;
- efectivo: las tiendas pequeñas y los campamentos no siempre aceptan tarjeta.

Contrate al guía en una agencia reconocida y diga a su anfitrión adónde va: la cobertura móvil desaparece pronto fuera de las carreteras.`,
      },
    },
  },
  {
    cover: "island",
    daysAgo: 8,
    versions: {
      en: {
        slug: "djerba-at-its-own-pace",
        title: "Djerba at its own pace: beaches, Houmt Souk and Guellala",
        summary: "Flat, sunny and easy to explore by bike, Djerba is more than a beach island: markets in Houmt Souk, street art in Erriadh, potters in Guellala and flamingos in winter.",
        body: `Djerba, in the Gulf of Gabès, is the largest island of North Africa. In 2023 UNESCO listed it as a World Heritage site for the way its people settled the island: scattered farms called *menzel*, small white mosques and markets shared by several communities.

## Getting there and around

Flights land at **Djerba–Zarzis airport**. By road, you reach the island either over the causeway of El Kantara, built on an ancient Roman road, or by the short ferry from Jorf to Ajim. The island is almost flat, so a **bicycle** or a scooter is the nicest way to move between villages.

## Houmt Souk

The island's main town is a maze of covered souks and small squares. Come in the morning, when fishermen auction the night's catch, then visit **Borj el Kebir**, the fort by the sea. Many old *fondouks*, the caravan inns, have become guesthouses around a quiet courtyard.

## Erriadh and Guellala

In the village of **Erriadh**, the **El Ghriba synagogue** is one of the oldest in Africa, and the lanes of **Djerbahood** are covered with murals by artists from around the world. In the south, **Guellala** has been a village of potters for centuries: watch the wheels turn and buy a jar straight from the workshop.

## Beaches and nature

- **Sidi Mahrez** on the north-east coast has long stretches of fine sand;
- **Aghir**, further south, is quieter and good for families;
- in winter, pink **flamingos** gather in the lagoons around Ras Rmel.

Outside July and August the island is calm and the sea stays warm well into October: a good season for a longer, slower stay.`,
      },
      fr: {
        slug: "djerba-a-son-rythme",
        title: "Djerba à son rythme : plages, Houmt Souk et Guellala",
        summary: "Plate, ensoleillée et facile à parcourir à vélo, Djerba n'est pas qu'une île balnéaire : marchés de Houmt Souk, street art d'Erriadh, potiers de Guellala et flamants roses en hiver.",
        body: `Djerba, dans le golfe de Gabès, est la plus grande île d'Afrique du Nord. En 2023, l'UNESCO l'a inscrite au patrimoine mondial pour la manière dont ses habitants l'ont peuplée : fermes dispersées appelées *menzel*, petites mosquées blanches et marchés partagés par plusieurs communautés.

## Y aller et s'y déplacer

Les avions atterrissent à l'**aéroport de Djerba-Zarzis**. Par la route, on rejoint l'île par la chaussée d'El Kantara, construite sur une ancienne voie romaine, ou par le court bac de Jorf à Ajim. L'île est presque plate : le **vélo** ou le scooter est la façon la plus agréable d'aller d'un village à l'autre.

## Houmt Souk

La principale ville de l'île est un dédale de souks couverts et de petites places. Venez le matin, quand les pêcheurs mettent aux enchères la pêche de la nuit, puis visitez le **Borj el Kebir**, le fort au bord de la mer. Beaucoup d'anciens *fondouks*, les auberges des caravanes, sont devenus des maisons d'hôtes autour d'une cour paisible.

## Erriadh et Guellala

Au village d'**Erriadh**, la **synagogue de la Ghriba** est l'une des plus anciennes d'Afrique, et les ruelles de **Djerbahood** sont couvertes de fresques d'artistes venus du monde entier. Au sud, **Guellala** est un village de potiers depuis des siècles : regardez tourner les tours et achetez une jarre directement à l'atelier.

## Plages et nature

- **Sidi Mahrez**, sur la côte nord-est, offre de longues étendues de sable fin ;
- **Aghir**, plus au sud, est plus calme et convient aux familles ;
- en hiver, les **flamants roses** se rassemblent dans les lagunes autour de Ras Rmel.

En dehors de juillet et août, l'île est calme et la mer reste chaude jusqu'en octobre : une bonne saison pour un séjour plus long et plus lent.`,
      },
      es: {
        slug: "djerba-a-su-ritmo",
        title: "Djerba a su ritmo: playas, Houmt Souk y Guellala",
        summary: "Llana, soleada y fácil de recorrer en bicicleta, Djerba es mucho más que una isla de playa: mercados en Houmt Souk, arte urbano en Erriadh, alfareros en Guellala y flamencos en invierno.",
        body: `Djerba, en el golfo de Gabès, es la isla más grande del norte de África. En 2023 la UNESCO la declaró Patrimonio de la Humanidad por la forma en que sus habitantes poblaron la isla: granjas dispersas llamadas *menzel*, pequeñas mezquitas blancas y mercados compartidos por varias comunidades.

## Cómo llegar y moverse

Los vuelos aterrizan en el **aeropuerto de Djerba-Zarzis**. Por carretera se llega por la calzada de El Kantara, construida sobre una antigua vía romana, o en el breve transbordador de Jorf a Ajim. La isla es casi llana, así que la **bicicleta** o el scooter son la forma más agradable de ir de un pueblo a otro.

## Houmt Souk

La ciudad principal de la isla es un laberinto de zocos cubiertos y plazuelas. Venga por la mañana, cuando los pescadores subastan la pesca de la noche, y visite después el **Borj el Kebir**, el fuerte junto al mar. Muchos antiguos *fondouks*, las posadas de las caravanas, se han convertido en casas de huéspedes alrededor de un patio tranquilo.

## Erriadh y Guellala

En el pueblo de **Erriadh**, la **sinagoga de la Ghriba** es una de las más antiguas de África, y las callejuelas de **Djerbahood** están cubiertas de murales de artistas de todo el mundo. Al sur, **Guellala** es un pueblo de alfareros desde hace siglos: vea girar los tornos y compre una tinaja directamente en el taller.

## Playas y naturaleza

- **Sidi Mahrez**, en la costa noreste, tiene largas playas de arena fina;
- **Aghir**, más al sur, es más tranquila y buena para familias;
- en invierno, los **flamencos** rosas se reúnen en las lagunas de Ras Rmel.

Fuera de julio y agosto la isla está tranquila y el mar sigue templado hasta octubre: una buena temporada para una estancia más larga y pausada.`,
      },
    },
  },
];
