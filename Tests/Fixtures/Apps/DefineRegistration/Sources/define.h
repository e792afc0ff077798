//
//  define.h
//  DockSmart
//
//  Created by John Penning on 4/30/13.
//  Copyright (c) 2013 John Penning. All rights reserved.
//

#ifndef DockSmart_define_h
#define DockSmart_define_h

#define METERS_PER_MILE 1609.344

#define DUPONT_LAT 38.9096
#define DUPONT_LONG -77.0434

#define SF_LAT 37.7833
#define SF_LONG -122.4167

// city URLs
#define CITY_URL_DC @"https://api.citybik.es/capital-bikeshare.json"
#define CITY_URL_SF @"https://api.citybik.es/bay-area-bike-share.json"

#endif
