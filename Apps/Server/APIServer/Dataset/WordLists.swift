/// The vocabulary the dataset generator draws names and posts from.
enum WordLists {
  static let firstNames = [
    "Alice", "Amélie", "Aarav", "Aiko", "Alejandro", "Amara", "Anna", "Arjun", "Astrid", "Ben",
    "Björn", "Camila", "Carlos", "Charlotte", "Chen", "Chloé", "Daniel", "David", "Diego",
    "Elena", "Eli", "Emma", "Farah", "Felix", "Fatima", "François", "Gabriel", "Grace", "Hana",
    "Hannah", "Hiro", "Ingrid", "Isaac", "Isabella", "Ivan", "Jack", "James", "Jana", "Javier",
    "Jin", "José", "Julia", "Kai", "Karim", "Kenji", "Laila", "Lars", "Laura", "Leo", "Lena",
    "Liam", "Lucas", "Lucía", "Maja", "Malik", "Marco", "Maria", "Mateo", "Mei", "Mia", "Miguel",
    "Mila", "Nadia", "Naomi", "Nikolai", "Noah", "Nora", "Olga", "Oliver", "Omar", "Priya",
    "Rafael", "Ravi", "Renée", "Rosa", "Sam", "Sara", "Sofia", "Søren", "Sven", "Tariq", "Theo",
    "Tomás", "Uma", "Valentina", "Wei", "Yara", "Yusuf", "Zara", "Zoë",
  ]

  static let lastNames = [
    "Adams", "Ahmed", "Andersen", "Bauer", "Becker", "Brown", "Castro", "Chen", "Costa", "Cruz",
    "Dubois", "Evans", "Fischer", "Flores", "García", "Gonzalez", "Gupta", "Hansen", "Hoffmann",
    "Ibrahim", "Ito", "Jensen", "Johnson", "Kim", "Kowalski", "Kumar", "Larsen", "Lee", "Li",
    "López", "Martin", "Martínez", "Meyer", "Miller", "Moreau", "Müller", "Murphy", "Nakamura",
    "Nguyen", "Nielsen", "Novak", "O'Brien", "Okafor", "Park", "Patel", "Pereira", "Petrov",
    "Popescu", "Rossi", "Russo", "Sánchez", "Santos", "Schmidt", "Schneider", "Silva", "Singh",
    "Smith", "Suzuki", "Tanaka", "Taylor", "Thompson", "Wagner", "Wang", "Weber", "Williams",
    "Wilson", "Wójcik", "Yamamoto", "Yilmaz", "Zhang",
  ]

  static let adjectives = [
    "amazing", "bright", "calm", "chaotic", "cozy", "curious", "delightful", "early", "elegant",
    "endless", "fresh", "gentle", "golden", "honest", "huge", "ideal", "lazy", "little", "lovely",
    "loud", "modern", "mysterious", "new", "odd", "old", "perfect", "quiet", "rainy", "rare",
    "remarkable", "simple", "sleepy", "slow", "small", "strange", "sunny", "surprising", "tiny",
    "unexpected", "unusual", "warm", "weird", "wild", "wonderful",
  ]

  static let nouns = [
    "afternoon", "album", "apartment", "bicycle", "book", "bread", "breakfast", "bug", "camera",
    "concert", "conference", "deadline", "dinner", "dog", "experiment", "festival", "garden",
    "guitar", "idea", "keyboard", "kitchen", "lecture", "library", "meeting", "movie", "museum",
    "notebook", "painting", "park", "playlist", "podcast", "project", "recipe", "release",
    "sandwich", "season", "song", "sunset", "talk", "train", "trip", "walk", "weekend",
    "workshop",
  ]

  static let pastVerbs = [
    "baked", "borrowed", "built", "cleaned", "cooked", "debugged", "discovered", "drew", "fixed",
    "found", "painted", "planned", "read", "recorded", "refactored", "repaired", "shipped",
    "sketched", "started", "tested", "tried", "watched", "wrote",
  ]

  static let gerunds = [
    "baking", "building", "climbing", "cooking", "cycling", "debugging", "drawing", "gardening",
    "hiking", "learning", "painting", "planning", "reading", "refactoring", "running", "singing",
    "sketching", "swimming", "testing", "travelling", "writing",
  ]

  static let places = [
    "beach", "café", "city", "corner shop", "forest", "harbour", "lake", "market", "mountains",
    "office", "old town", "river", "station", "studio", "theatre", "university",
  ]

  static let cities = [
    "Amsterdam", "Berlin", "Buenos Aires", "Kraków", "Lagos", "Lisbon", "London", "Montréal",
    "Mumbai", "Nairobi", "Oslo", "Paris", "São Paulo", "Seoul", "Sydney", "Toronto", "Zürich",
    "東京", "北京",
  ]

  static let topics = [
    "Swift concurrency", "sourdough", "climate tech", "jazz", "board games", "street food",
    "open source", "typography", "urban gardening", "marathon training", "film photography",
    "databases", "type systems", "bird watching", "bouldering", "poetry", "coffee roasting",
    "remote work", "3D printing", "astronomy",
  ]

  static let drinks = ["coffee", "flat white", "matcha", "café au lait", "green tea", "cold brew"]

  static let emoji = ["☕️", "🎉", "🚀", "🌱", "📚", "🎸", "✨", "🍜"]

  static let bioTemplates = [
    "{topic} enthusiast from {city}.",
    "Into {topic} and {topic}.",
    "Building things with {topic}. Based in {city}.",
    "Probably {gerund} right now.",
    "Writing about {topic}, {gerund} and {drink}.",
    "Fueled by {drink}. Loves {adjective} {nouns}.",
    "",
  ]

  static let postTemplates = [
    "Just {pastVerb} {article} {adjective} {noun} at the {place}.",
    "Can't believe how {adjective} the {noun} was today.",
    "Anyone else {gerund} this weekend?",
    "Thinking about {gerund} in {city} next month.",
    "The {noun} at the {place} is so {adjective}!",
    "New post on {topic}: why every {noun} matters more than you think.",
    "Morning {drink} and {article} {adjective} {noun}.",
    "Finally finished my {noun}. It took forever.",
    "Hot take: {topic} is {adjective}.",
    "Shout out to @{handle} for the {adjective} {noun}!",
    "Reading about {topic} with a {drink} in {city}.",
    "Today I {pastVerb} {article} {noun} and it was {adjective}.",
    "Spent the afternoon {gerund} near the {place}.",
    "Does anyone have tips for {gerund}? Asking for {article} {adjective} friend.",
    "@{handle} your {noun} about {topic} was {adjective}.",
  ]
}
