#import <Foundation/Foundation.h>

#define kWidgetsGroup @"group.com.example.widgets"

// The bundle's keys in iCloud's store, a dictionary and another app's suite:
// none of them is a use of the bundle's settings.
@implementation Mirror

- (void)pushToCloud {
  NSUbiquitousKeyValueStore *cloud = [NSUbiquitousKeyValueStore defaultStore];
  [cloud setBool:YES forKey:@"units"];
  [[NSUbiquitousKeyValueStore defaultStore] setObject:@"kelvin" forKey:@"units"];
  [[NSUbiquitousKeyValueStore defaultStore] setLongLong:3 forKey:@"name"];
}

- (BOOL)cached:(NSDictionary *)snapshot {
  NSMutableDictionary *pending = [NSMutableDictionary dictionary];
  [pending setObject:@"imperial" forKey:@"units"];
  return [snapshot objectForKey:@"sounds"] != nil && [@{@"theme": @9} objectForKey:@"theme"] != nil;
}

- (NSInteger)widgetLevel {
  NSUserDefaults *widgets = [[NSUserDefaults alloc] initWithSuiteName:kWidgetsGroup];
  [widgets setObject:@"kelvin" forKey:@"units"];
  return [widgets integerForKey:@"server"];
}

@end
