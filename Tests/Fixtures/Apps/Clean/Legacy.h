#import <Foundation/Foundation.h>

#define kSoundsKey @"sounds"

@interface Legacy : NSObject
@end
