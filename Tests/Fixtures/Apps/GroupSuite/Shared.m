#import <Foundation/Foundation.h>

NSString *const kAppGroup = @"group.com.example.app";
#define kWidgetGroup @"group.com.example.widgets"

@implementation SharedStore

- (void)useKelvin {
  NSUserDefaults *shared = [[NSUserDefaults alloc] initWithSuiteName:kAppGroup];
  // code-value-not-in-values: kelvin is not one of units' Values.
  [shared setObject:@"kelvin" forKey:@"units"];
}

- (void)widgetKelvin {
  NSUserDefaults *widgets = [[NSUserDefaults alloc] initWithSuiteName:kWidgetGroup];
  [widgets setObject:@"kelvin" forKey:@"units"];
}

@end
